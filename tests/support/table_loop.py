"""Browser-test tools for the table loop: axe-core checks, tap counting and tap-target sizes.

- `axe_violations` / `assert_accessible`: inject axe-core (npm, served from node_modules
  at /vendor/axe-core/ like htmx, so the page's Content Security Policy lets it run) and
  fail on serious or critical violations.
- `TapCounter` (fixture `taps` in conftest.py): counts every pointer press and key press
  a test makes, across page loads, the swipes a player would need to reach the next
  control (`enter` asks before each tap), and the page scrolls; an input changed without any
  tap or key press (Playwright's `fill`, `select_option`) is reported, so a tap budget
  cannot be met by typing without keys.
- `small_targets`: every button, chip and input smaller than 44x44 CSS px, and every link
  smaller than 24 px (WCAG 2.5.8 asks 24; the table loop asks 44 of what a thumb taps).
- `in_first_screen` / `sideways_overflow`: whether a control (Save) is in view without
  scrolling, and how many px a page is wider than the phone; `out_of_reach`: the controls
  off the screen or covered (by the save bar) at their centre.
- `save_bar_problems` / `narrow_text_problems`: the save bar's state cut off without an
  ellipsis or its buttons out of it; names broken inside a word or cut without an ellipsis.
"""
from __future__ import annotations

import json
import weakref
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from scorekeeper.web.vendor import installed_version

AXE_URL = f"/vendor/axe-core/axe.min.js?v={installed_version('axe-core')}"
FAILING_IMPACTS = ("serious", "critical")
TAP_TARGET = 44
LINK_TARGET = 24


def inject_axe(page) -> None:
    if not page.evaluate("() => typeof window.axe !== 'undefined'"):
        page.add_script_tag(url=AXE_URL)
        page.wait_for_function("() => typeof window.axe !== 'undefined'")


def axe_violations(page, impacts: tuple[str, ...] = FAILING_IMPACTS) -> list[dict[str, Any]]:
    """axe-core's violations on the page as it is now (WCAG 2.x A and AA rules and best practice)."""
    inject_axe(page)
    result = page.evaluate(
        """async () => {
            const result = await window.axe.run(document, {resultTypes: ['violations']});
            return result.violations.map(v => ({
                id: v.id, impact: v.impact, help: v.help,
                nodes: v.nodes.map(n => ({target: n.target.join(' '), summary: n.failureSummary})),
            }));
        }"""
    )
    return [violation for violation in result if violation["impact"] in impacts]


def describe(violations: list[dict[str, Any]]) -> str:
    lines = []
    for violation in violations:
        lines.append(f"{violation['impact']}: {violation['id']} ({violation['help']})")
        lines.extend(f"    {node['target']}: {node['summary']}" for node in violation["nodes"][:8])
    return "\n".join(lines)


def assert_accessible(page, where: str = "") -> None:
    """Fail on any serious or critical axe-core violation, naming the rule and the elements."""
    violations = axe_violations(page)
    assert not violations, f"axe-core on {where or page.url}:\n{describe(violations)}"


SMALL_TARGETS_JS = """([tap, link]) => {
    const visible = el => {
        const style = getComputedStyle(el);
        const box = el.getBoundingClientRect();
        return style.visibility !== 'hidden' && style.display !== 'none' && box.width > 0 && box.height > 0;
    };
    // What a finger hits: a visually hidden radio or checkbox is tapped through its label.
    const target = el => {
        if (el.matches('input[type=radio], input[type=checkbox]')) {
            return el.closest('label') || (el.id && document.querySelector(`label[for="${el.id}"]`)) || el;
        }
        return el;
    };
    const found = [];
    const seen = new Set();
    const check = (el, least, kind) => {
        const hit = target(el);
        if (seen.has(hit) || !visible(hit)) return;
        seen.add(hit);
        const box = hit.getBoundingClientRect();
        if (box.width + 0.5 < least || box.height + 0.5 < least) {
            const label = (hit.innerText || hit.getAttribute('aria-label') || hit.value || hit.name || '').trim();
            found.push({kind, tag: hit.tagName.toLowerCase(), label: label.slice(0, 40),
                        width: Math.round(box.width), height: Math.round(box.height)});
        }
    };
    const controls = 'button, input:not([type=hidden]), select, textarea, summary, [role=button], .chip';
    for (const el of document.querySelectorAll(controls)) check(el, tap, 'control');
    for (const el of document.querySelectorAll('a[href]')) {
        if (!el.closest(controls)) check(el, link, 'link');
    }
    return found;
}"""


# Controls and labels whose words do not fit: text wider than its box (clipped, or running
# over its border into the next control), measured by the box's scroll size, not the page's,
# and by where each of its words is drawn (a Range over the text): a word whose box reaches
# beyond its control's (centred text spilling out on both sides, which the scroll size does
# not count on the left) is found too. A word clipped on purpose with an ellipsis is fitted.
OVERFLOWING_JS = """() => {
    const found = [];
    const selector = 'button, a.button, label.chip, .chip, summary, select, label, legend, .total .name, .bar-state, .badge, th, td';
    const hidden = el => el.closest('.visually-hidden, [hidden], .scroll');
    for (const el of document.querySelectorAll(selector)) {
        const style = getComputedStyle(el);
        const box = el.getBoundingClientRect();
        if (style.visibility === 'hidden' || style.display === 'none' || box.width === 0 || box.height === 0) continue;
        if (hidden(el)) continue;  // a .scroll box scrolls sideways on purpose
        // Clipped on purpose with an ellipsis (the bar's one-line state) is fitted, not overflowing.
        if (style.textOverflow === 'ellipsis') continue;
        // Words for screen readers only (a 1 px box, "not available:") add to the scroll size
        // without being seen: there, where the visible words are drawn decides alone.
        const unseen = el.querySelector('.visually-hidden') !== null;
        const wide = unseen ? 0 : el.scrollWidth - el.clientWidth;
        const tall = unseen || style.overflowY === 'hidden' || style.webkitLineClamp !== 'none' ? 0 : el.scrollHeight - el.clientHeight;
        let spilt = '';
        const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node && !spilt; node = walker.nextNode()) {
            if (!node.textContent.trim() || hidden(node.parentElement)) continue;
            // A closed details' content (a score's explanation) is not shown: laid out, not drawn.
            if (node.parentElement.closest('details:not([open]) > :not(summary)')) continue;
            let inner = node.parentElement, ellipsis = false, floating = false, clamped = false;
            for (; inner && inner !== el.parentElement; inner = inner.parentElement) {
                const seen = getComputedStyle(inner);
                if (seen.textOverflow === 'ellipsis') ellipsis = true;
                // Lines cut on purpose (the bar's two-line state ends in an ellipsis): only their width counts.
                if (seen.webkitLineClamp !== 'none' || seen.overflowY === 'hidden' || seen.overflowY === 'clip') clamped = true;
                // A popover (a score's explanation, a greyed value's reason) is laid over the page on purpose.
                if (inner !== el && (seen.position === 'absolute' || seen.position === 'fixed')) floating = true;
            }
            if (ellipsis || floating) continue;
            const range = document.createRange();
            range.selectNodeContents(node);
            for (const rect of range.getClientRects()) {
                // Below or above the box too: a chip of a fixed height whose third line runs out at its foot.
                const below = !clamped && (rect.top < box.top - 1 || rect.bottom > box.bottom + 1);
                if (rect.width > 0 && (rect.left < box.left - 1 || rect.right > box.right + 1 || below)) {
                    spilt = node.textContent.trim().slice(0, 30);
                    break;
                }
            }
        }
        if (wide > 1 || tall > 1 || spilt) {
            found.push({tag: el.tagName.toLowerCase(), id: el.id, text: (el.innerText || '').trim().slice(0, 40),
                        width: Math.round(box.width), needs: el.scrollWidth, ...(spilt ? {spilt} : {})});
        }
    }
    return found;
}"""


def overflowing_labels(page) -> list[dict[str, Any]]:
    """Every visible control or label whose words are wider than it (see OVERFLOWING_JS)."""
    return page.evaluate(OVERFLOWING_JS)


def small_targets(page, tap: int = TAP_TARGET, link: int = LINK_TARGET) -> list[dict[str, Any]]:
    """Visible controls under `tap` x `tap` CSS px and links under `link` px, as found now."""
    return page.evaluate(SMALL_TARGETS_JS, [tap, link])


def assert_tap_sizes(page, where: str = "") -> None:
    found = small_targets(page)
    assert not found, f"tap targets too small on {where or page.url}:\n" + "\n".join(
        json.dumps(item, ensure_ascii=False) for item in found
    )


# --------------------------------------------------------------------------- counting taps

TAP_LISTENER_JS = """(() => {
    // Which changes a person made, told apart by what caused them rather than by how soon
    // they followed a tap: on a loaded machine a chip's change came >250 ms after its tap.
    let lastInput = -Infinity;
    let keysDown = 0;
    let clicked = null;
    const typedInto = new Set();
    const report = (kind, detail) => window.__tableLoopTap && window.__tableLoopTap(kind, detail);
    const describe = el => el ? ((el.id ? '#' + el.id : el.tagName ? el.tagName.toLowerCase() : '')
        + (el.name ? '[' + el.name + ']' : '')
        + (el.innerText ? ' ' + el.innerText.trim().slice(0, 30) : '')) : '';
    addEventListener('pointerdown', e => { lastInput = performance.now(); report('tap', describe(e.target)); }, true);
    addEventListener('keydown', e => { keysDown += 1; lastInput = performance.now(); report('key', e.key); }, true);
    addEventListener('pointerup', () => { lastInput = performance.now(); }, true);
    addEventListener('keyup', () => { keysDown = Math.max(0, keysDown - 1); lastInput = performance.now(); }, true);
    // A chip (radio or checkbox) changes as the activation of a real click on it or its label.
    addEventListener('click', e => {
        if (!e.isTrusted) return;
        const target = e.target.closest && e.target.closest('label, input');
        clicked = target && target.tagName === 'LABEL' ? target.control : target;
    }, true);
    const made = e => {
        const el = e.target;
        if (e.isTrusted && (el.type === 'radio' || el.type === 'checkbox')) return clicked === el || keysDown > 0;
        if (e.isTrusted && el.tagName !== 'SELECT') {
            // Typed while the key is down; a text field's change (on leaving it) after such typing.
            if (keysDown > 0) { typedInto.add(el); return true; }
            return e.type === 'change' && typedInto.has(el);
        }
        // A select, or the page's own script answering a tap: soon after one.
        return performance.now() - lastInput <= 1000;
    };
    const check = e => { if (!made(e)) report('untyped', e.type + ' ' + describe(e.target)); };
    addEventListener('input', check, true);
    addEventListener('change', check, true);
    let lastY = null;
    addEventListener('scroll', () => {
        if (lastY !== null && Math.abs(scrollY - lastY) >= 1) report('scroll', String(Math.round(scrollY)));
        lastY = scrollY;
    }, true);
    addEventListener('DOMContentLoaded', () => { lastY = scrollY; });
})();"""


# Per browser context, the counter its taps go to (see TapCounter.install).
TAP_SINKS: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


@dataclass
class TapCounter:
    """Every tap (pointer press) and key press of a test, in order, across page loads."""

    events: list[tuple[str, str]] = field(default_factory=list)

    def install(self, context) -> None:
        """Counts the taps of `context`'s pages from now on. A browser tab lent from test to
        test (tests/browser/conftest.py) keeps the listener once added: the context's binding
        hands each tap to the counter installed last, so an earlier test's is never told."""
        if context not in TAP_SINKS:
            sink: dict = {}
            context.expose_binding("__tableLoopTap", lambda _source, kind, detail: sink["counter"].events.append((kind, detail)))
            context.add_init_script(TAP_LISTENER_JS)
            TAP_SINKS[context] = sink
        TAP_SINKS[context]["counter"] = self

    def of(self, kind: str) -> list[str]:
        return [detail for seen, detail in self.events if seen == kind]

    @property
    def count(self) -> int:
        """Taps, key presses and the swipes to reach a control: what a player's fingers did."""
        return len(self.of("tap")) + len(self.of("key")) + len(self.of("swipe"))

    @property
    def scrolls(self) -> int:
        return len(self.of("scroll"))

    def mark(self) -> int:
        """The count now, to measure one round: `taps.count - mark`."""
        return self.count

    def since(self, mark: int) -> int:
        return self.count - mark

    def assert_honest(self) -> None:
        """No input changed without a tap or key press (a budget met by `fill` is no budget)."""
        untyped = self.of("untyped")
        assert not untyped, f"inputs changed without a tap or key press: {untyped}"


# --------------------------------------------------------------------------- one screen


def what_covers(page, locator) -> str:
    """Where the element is and what is at its centre (to say why it is not in the first screen)."""
    return locator.evaluate(
        """el => { const b = el.getBoundingClientRect();
            const hit = document.elementFromPoint(b.left + b.width / 2, b.top + b.height / 2);
            return JSON.stringify({top: b.top, bottom: b.bottom, left: b.left, right: b.right, vw: innerWidth, vh: innerHeight,
                                   hit: hit ? hit.outerHTML.slice(0, 120) : null}); }"""
    )


IN_FIRST_SCREEN_JS = """el => {
    const box = el.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) return false;
    if (box.top < 0 || box.left < 0 || box.bottom > innerHeight || box.right > innerWidth) return false;
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return hit !== null && (hit === el || el.contains(hit));
}"""


REACHABLE_JS = f"el => !window.__tableLoopTap || ({IN_FIRST_SCREEN_JS})(el)"


def in_first_screen(page, locator) -> bool:
    """Whether the element is wholly inside the viewport as the page is scrolled now, and
    not covered by anything else at its centre (so a thumb reaches it without scrolling).
    (One question to the page: the locator finds the element and asks in one round trip.)"""
    return locator.evaluate(IN_FIRST_SCREEN_JS)


def sideways_overflow(page) -> int:
    """How many CSS px the page is wider than the viewport (0: no sideways scrolling)."""
    return page.evaluate("() => Math.max(0, document.documentElement.scrollWidth - innerWidth)")


# --------------------------------------------------------------------------- entering a round by taps


# What the form holds for one field now, read in one round trip: "checked" (its chip with
# this value is already chosen, such as Zwicker's 0 Zwicks), "chip" (a chip to tap),
# "field:<value>" (a number field and what it holds; "focused:<value>" when the page has
# already put the cursor in it, as after Zwicker's "5+") or "none". A read of the page
# only: the taps themselves are real clicks.
FIELD_STATE_JS = """([name, text]) => {
    const same = input => input.name === name;
    const chip = [...document.querySelectorAll('label.chip input')].find(input => same(input) && input.value === text);
    if (chip) return chip.checked ? 'checked' : 'chip';
    const field = [...document.querySelectorAll('input:not([type=hidden]):not([type=radio])')].find(same);
    return field ? (document.activeElement === field ? 'focused:' : 'field:') + field.value : 'none';
}"""


# No htmx request on its way and no swap still settling: the page drawn is the page tapped.
PAGE_SETTLED_JS = "() => !document.querySelector('.htmx-request, .htmx-swapping, .htmx-settling')"


def tap(page, control) -> None:
    """A tap on a button once the page has settled, as a player looks before tapping: a live
    check's answer redraws the save bar, and a press that lands on the bar's new button is
    retried by Playwright (a second press counted) where a person's lands once."""
    page.wait_for_function(PAGE_SETTLED_JS)
    control.click()


def swipe_to(page, control, name: str) -> None:
    """A control a player cannot reach without swiping first (below the fold, or under the
    save bar) costs a swipe: counted as one more move by the tap counter. The page may be
    bringing it up itself (a smooth scroll after the last tap), so it is given a moment.
    And as a player looks before the tap, the page is let settle first: a live check still
    on its way may redraw the form and bring the next question up, and a tap aimed before
    that lands on whatever chip moved under it."""
    page.wait_for_function(PAGE_SETTLED_JS)
    for _attempt in range(8):
        # Only a test that counts taps asks (and waits): the others tap at once.
        if control.evaluate(REACHABLE_JS):
            return
        page.wait_for_timeout(100)
    page.evaluate("name => window.__tableLoopTap && window.__tableLoopTap('swipe', name)", f"{name} {what_covers(page, control)}")


def enter(page, name: str, value) -> None:
    """Enter `value` for form field `name` as a player does: tap its chip, or tap a number
    field and type the digits (one key each). A value already there (filled in because the
    others determine it, or chosen beforehand) costs nothing, and so does the tap into a
    field the page has already put the cursor in. A large Zwicks count comes as two form
    values in page order: the "more" chip (`zwicks_0=more`), then its field (`zwicks_0_more`)."""
    text = str(value)
    try:
        state = page.evaluate(FIELD_STATE_JS, [name, text])
    except Exception as error:  # the page was replaced under the question (a save, a reload): ask the new one
        if "context was destroyed" not in str(error):
            raise
        page.wait_for_load_state()
        state = page.evaluate(FIELD_STATE_JS, [name, text])
    if state == "checked":
        return
    if state == "chip":
        chip = page.locator(f'label.chip:has(input[name="{name}"][value="{text}"])')
        swipe_to(page, chip, name)
        chip.click()
        return
    if state.startswith(("field:", "focused:")):
        focused, held = state.split(":", 1)
        if held == text:
            return
        field = page.locator(f'input[name="{name}"]:not([type=hidden]):not([type=radio])')
        swipe_to(page, field, name)
        if focused != "focused":
            field.click()
        if held:
            field.press("Control+A")
        page.keyboard.type(text)
        return
    raise AssertionError(f"no chip or number field for {name}={text}")


def enter_round(page, values: dict[str, str], rest_first: bool = False,
                after_each: Callable[[str], None] | None = None) -> None:
    """Enter a whole round from its form values, the fewest taps a player needs, top to
    bottom as the page asks (so the swipes counted are a player's): groups with "the rest:
    <side>" buttons get the other sides' chips tapped, then the rest in one tap (or, with
    `rest_first`, as a player does too: the rest first, then the few that went otherwise).
    `after_each(what)` looks at the page after each answer (a field, or a group's rest)."""
    values = {name: text for name, text in values.items() if text != ""}
    order = page.eval_on_selector_all(
        "form.round-form [name]:not([type=hidden])", "fields => [...new Set(fields.map(f => f.name))]"
    )

    # A box of chips that says another choice too (data-implies="style=6": Nwik's Acting
    # Bidder's style says the Pass) does both in one tap: that other choice is not tapped.
    for implied in page.eval_on_selector_all(
        "form.round-form [data-implies]",
        "boxes => boxes.filter(box => box.querySelector('input[name]')).map(box => "
        "[box.querySelector('input[name]').name, ...box.dataset.implies.split('=')])",
    ):
        said_by, name, value = implied
        if said_by in values and values.get(name) == value:
            values.pop(name)

    def place(name: str) -> int:
        return order.index(name) if name in order else len(order)

    # (where on the page, what is answered, the taps that answer it)
    steps: list[tuple[int, str, Callable[[], None]]] = []
    for prefix in page.eval_on_selector_all(
        "button[data-rest-of]", "buttons => [...new Set(buttons.map(b => b.dataset.restOf))]"
    ):
        group = {name: text for name, text in values.items() if name.startswith(prefix)}
        if not group:
            continue
        steps.append((min(place(name) for name in group), f"the rest of {prefix}",
                      partial(enter_the_rest, page, prefix, group, rest_first)))
        for name in group:
            values.pop(name)
    steps.extend((place(name), f"{name}={text}", partial(enter, page, name, text)) for name, text in values.items())
    for _place, what, step in sorted(steps, key=lambda step: step[0]):
        step()
        if after_each:
            after_each(what)


def enter_the_rest(page, prefix: str, group: dict[str, str], rest_first: bool = False) -> None:
    """The group's odd values by their chips, then "the rest: <most common value>" (or that
    button first, then the odd values: the chips it chose are changed, a tap each). The
    button costs a swipe when it is out of reach, like a chip."""
    counts: dict[str, int] = {}
    for text in group.values():
        counts[text] = counts.get(text, 0) + 1
    most = max(counts, key=lambda text: counts[text])
    rest = page.locator(f'button[data-rest-of="{prefix}"][data-rest-to="{most}"]')
    if rest_first:
        swipe_to(page, rest, f"the rest: {most}")
        rest.click()
    for name, text in group.items():
        if text != most:
            enter(page, name, text)
    if not rest_first:
        swipe_to(page, rest, f"the rest: {most}")
        rest.click()


# --------------------------------------------------------------------------- the save bar and narrow names

# What is wrong with the save bar as it is drawn now: its state line cut off without an
# ellipsis (a line clipped, or running out of the bar), or a button (Save, Save the bids)
# not wholly on the screen and in the bar, or its words running out of it.
SAVE_BAR_PROBLEMS_JS = """() => {
    const problems = [];
    const bar = document.getElementById('save-bar');
    if (!bar) return ['no save bar'];
    const frame = bar.getBoundingClientRect();
    const inside = box => box.top >= frame.top - 0.5 && box.bottom <= frame.bottom + 0.5
        && box.left >= frame.left - 0.5 && box.right <= frame.right + 0.5 && box.bottom <= innerHeight + 0.5;
    const state = document.getElementById('bar-state');
    const style = getComputedStyle(state);
    if (!inside(state.getBoundingClientRect())) problems.push('the state runs out of the bar');
    const cut = state.scrollHeight - state.clientHeight > 1 || state.scrollWidth - state.clientWidth > 1;
    if (cut && style.webkitLineClamp === 'none' && style.textOverflow !== 'ellipsis') {
        problems.push(`the state is cut off without an ellipsis: ${state.clientHeight} of ${state.scrollHeight} px shown: ${state.innerText}`);
    }
    for (const id of ['save', 'save-bids']) {
        const button = document.getElementById(id);
        if (!button || button.hidden) continue;
        const box = button.getBoundingClientRect();
        if (!inside(box)) problems.push(`${id} is not wholly in the bar on the screen: ${JSON.stringify(box)}`);
        if (button.scrollWidth - button.clientWidth > 1 || button.scrollHeight - button.clientHeight > 1) {
            problems.push(`${id}'s words run out of it: ${button.innerText}`);
        }
    }
    return problems;
}"""


def save_bar_problems(page) -> list[str]:
    """What is wrong with the save bar now (see SAVE_BAR_PROBLEMS_JS); [] when all is in it."""
    return page.evaluate(SAVE_BAR_PROBLEMS_JS)


# Words broken across two lines (a name split "Dmitr/i"), and boxes whose words are wider
# than they are without an ellipsis, inside the elements `selector` finds. A word's lines
# are told by the tops of its text's boxes (a Range over the word).
NARROW_TEXT_JS = """selector => {
    const found = [];
    for (const el of document.querySelectorAll(selector)) {
        if (el.getClientRects().length === 0) continue;
        const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            const text = node.textContent;
            if (node.parentElement.closest('.visually-hidden')) continue;
            for (const match of text.matchAll(/\\S+/g)) {
                const range = document.createRange();
                range.setStart(node, match.index);
                range.setEnd(node, match.index + match[0].length);
                const tops = new Set([...range.getClientRects()].filter(r => r.width > 0).map(r => Math.round(r.top)));
                if (tops.size > 1) found.push(`"${match[0]}" broken across ${tops.size} lines in ${el.tagName.toLowerCase()}`);
            }
        }
        for (const box of [el, ...el.querySelectorAll('*')]) {
            const style = getComputedStyle(box);
            if (box.closest('.visually-hidden') || style.display === 'none') continue;
            if (box.scrollWidth - box.clientWidth > 1 && style.textOverflow !== 'ellipsis' && style.overflowX !== 'visible') {
                found.push(`"${box.innerText.trim().slice(0, 30)}" cut off without an ellipsis (${box.clientWidth} of ${box.scrollWidth} px)`);
            }
        }
    }
    return found;
}"""


def narrow_text_problems(page, selector: str) -> list[str]:
    """Words broken inside, and text cut off without an ellipsis, in what `selector` finds."""
    return page.evaluate(NARROW_TEXT_JS, selector)


COVERED_JS = """selector => [...document.querySelectorAll(selector)].filter(el => el.getClientRects().length > 0).map(el => {
    const box = el.getBoundingClientRect();
    const x = box.left + box.width / 2, y = box.top + box.height / 2;
    const onScreen = box.top >= 0 && box.left >= 0 && box.bottom <= innerHeight && box.right <= innerWidth;
    const hit = onScreen ? document.elementFromPoint(x, y) : null;
    return onScreen && hit && (hit === el || el.contains(hit)) ? null
        : `${el.id || el.tagName.toLowerCase()} "${(el.innerText || '').trim().slice(0, 30)}" at ${Math.round(box.top)}-${Math.round(box.bottom)}`
          + ` of ${innerHeight}: ${hit ? 'covered by ' + hit.outerHTML.slice(0, 60) : 'off the screen'}`;
}).filter(Boolean)"""


def out_of_reach(page, selector: str) -> list[str]:
    """The visible controls `selector` finds that a thumb cannot tap as the page is now: off
    the screen, or covered at their centre by something else (the save bar)."""
    return page.evaluate(COVERED_JS, selector)
