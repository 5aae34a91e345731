"""The server-rendered PWA: pages, htmx fragments, manifest and service worker."""
