"""The page's JavaScript as ES modules (static/js/page/): served at versioned addresses, so a
module's relative imports carry the version; every one precached by the service worker."""
from __future__ import annotations

import json
import re

from scorekeeper.config import PROJECT_ROOT

MODULES = PROJECT_ROOT / "static" / "js" / "page"
IMPORT = re.compile(r'^import .* from "([^"]+)";$', re.MULTILINE)
SHELL = re.compile(r"var SHELL = (\[.*?\]);")
MODULE_SCRIPT = re.compile(r'<script type="module" src="(/js/([0-9a-f]+)/main\.js)"></script>')


def module_names() -> list[str]:
    return sorted(path.name for path in MODULES.glob("*.js"))


def test_every_module_is_preloaded_and_precached_at_the_pages_version(client):
    html = client.get("/offline").get_data(as_text=True)
    found = MODULE_SCRIPT.search(html)
    assert found, "the page loads main.js as a module"
    version = found.group(2)
    shell = json.loads(SHELL.search(client.get("/sw.js").get_data(as_text=True)).group(1))
    for name in module_names():
        assert f"/js/{version}/{name}" in shell
        assert f'<link rel="modulepreload" href="/js/{version}/{name}">' in html
    # Nothing runs inline (the Content Security Policy allows 'self' only): no import map either.
    assert "importmap" not in html
    assert not re.search(r"<script(?![^>]*\bsrc=)(?![^>]*application/json)[^>]*>", html)


def test_imports_are_relative_and_name_modules_of_the_folder():
    for name in module_names():
        source = (MODULES / name).read_text(encoding="utf-8")
        for target in IMPORT.findall(source):
            # A bare name ("htmx") would need an import map; an absolute or parent path
            # would leave the versioned folder.
            assert target.startswith("./") and "/" not in target[2:], f"{name} imports {target}"
            assert (MODULES / target[2:]).is_file(), f"{name} imports {target}, which is missing"


def test_every_module_says_what_it_is_for_and_one_t_serves_them_all():
    for name in module_names():
        lines = (MODULES / name).read_text(encoding="utf-8").splitlines()
        assert lines[0].startswith("// "), f"{name} starts with a one-line comment on what it is for"
        assert len(lines) <= 400 or "400 lines" in lines[0], f"{name} has {len(lines)} lines and no reason at its top"
    defining = [name for name in module_names() if "function t(" in (MODULES / name).read_text(encoding="utf-8")]
    assert defining == ["i18n.js"]


def test_a_module_is_cached_for_good_and_another_versions_address_redirects(client):
    html = client.get("/offline").get_data(as_text=True)
    url, version = MODULE_SCRIPT.search(html).groups()
    answer = client.get(url)
    assert answer.status_code == 200 and answer.mimetype == "text/javascript"
    assert "immutable" in answer.headers["Cache-Control"] and "max-age=31536000" in answer.headers["Cache-Control"]
    # Static: the same for every reader, so no session cookie nor Vary: Cookie.
    assert "Set-Cookie" not in answer.headers and "Cookie" not in answer.headers.get("Vary", "")
    assert answer.get_data(as_text=True) == (MODULES / "main.js").read_text(encoding="utf-8")
    old = client.get("/js/000000000000/i18n.js")
    assert old.status_code == 302 and old.headers["Location"].endswith(f"/js/{version}/i18n.js")
    assert "no-store" in old.headers["Cache-Control"]
    assert client.get(f"/js/{version}/missing.js").status_code == 404
    assert client.get(f"/js/{version}/sw.js").status_code == 404
