"""The share-links resource: signed read-only links to a match or a league's standings."""
