"""The match's routes: the page, live preview, record, edit, confirm and undo a round, end the match early and play on, share, live sync, shared links.

A refusal that leaves the person's entries worth keeping (a round the engine refused,
another phone writing first) re-renders the page with them; every other ServiceError
goes to the app's one error handler (the error page).
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any
from urllib.parse import quote

from flask import Response, redirect, render_template, request, url_for
from jinja2_fragments.flask import render_block

from ...device import device_id
from ...engine.core.i18n import N_, _
from ...engine.entry import adapter_for
from ...engine.entry.form_fields import FormError, int_or_none, round_number
from ...i18n import current_language
from ...identity import current_actor
from ...services import ServiceError, access, biddings, sharing
from ...services import matches as service
from .blueprint import bp
from .match_blocks import blocks_response, scripted
from .match_sheet import asks_whole_sheet, in_window, sheet_parts, side_names
from .match_views import (
    hints_before,
    match_context,
    preview_result,
    round_versions,
)
from .page_tags import page_etag, page_tag_named

MAX_KEY_LENGTH = 200
# Refusals that mean "another phone wrote first": the page shows the current state instead.
CHANGED_ELSEWHERE_CODES = frozenset({"stale_etag", "round_number_taken", "conflict"})
CHANGED_ELSEWHERE = N_("This match changed on another phone: here is the current state")
FINISHED_ELSEWHERE = N_("This match was finished on another phone meanwhile: here is the result")
TAKEN_ELSEWHERE = N_("Round {number} was recorded on another phone first: it is in the score sheet (Edit it there if yours differs)")
# The live check of a round another phone recorded meanwhile: saving it shows both versions.
TAKEN_SAVE_TO_COMPARE = N_("Round {number} was recorded on another phone first: Save to compare yours with it")
TAKEN_OTHERWISE = N_("Round {number} was recorded on another phone first, with other entries than yours: choose which stand")
TAKEN_ALIKE = N_("Round {number} was already recorded on another phone, with the same entries as yours: nothing to choose")


def current_view(match_id: str):
    """The match as it stands, from its snapshot (no replay): the page's forms and totals;
    the score sheet and the other shared parts come stored (match_sheet.sheet_parts)."""
    return service.current_view(match_id, current_actor())


# The page is the reader's own (their rights, their session's CSRF token): a shared cache
# keeps no copy, and the browser asks again every time, with the page's ETag.
PAGE_CACHE_CONTROL = "private, no-cache"


@bp.get("/matches/<match_id>")
def match_page(match_id: str):
    actor = current_actor()
    # The match's head (one Core statement): the ETag and a stored page need no more of it.
    match = service.match_head(match_id, actor)
    rights = access.match_rights(match, actor)
    language = current_language()
    tag = page_etag(match, actor, rights, language)
    if tag is not None and page_tag_named(request.headers.get("If-None-Match"), tag):
        # The phone has this page: no snapshot read, no render. (Its device opened the
        # match before, with the device cookie the tag names: it is remembered already.)
        return Response(status=304, headers={"ETag": tag, "Cache-Control": PAGE_CACHE_CONTROL})
    service.remember_on_device(device_id(create=True) or "", match_id)
    view = service.current_view(match_id, actor)
    context = match_context(view, change_bids=request.args.get("change_bids") == "1", rights=rights)
    response = Response(render_template("match.html", **context))
    # After the render, which made the session's CSRF secret if it had none.
    tag = page_etag(match, actor, rights, language)
    if tag is not None:
        response.headers["ETag"] = tag
    response.headers["Cache-Control"] = PAGE_CACHE_CONTROL
    return response


@bp.post("/matches/<match_id>/preview")
def preview(match_id: str):
    """Live validation: the preview block, rendered from the engine's answer (for the next
    round: one engine call on the state restored from the snapshot; for a recorded round,
    the rounds from it on played from the snapshot before it)."""
    number = int_or_none(request.args.get("number"))
    view = current_view(match_id)
    if number is None and view.state.finished:
        return "", 204
    taken = round_taken(view, number)
    if taken is None:
        result = preview_result(match_id, view, request.form, number)
    else:
        # The round these entries are for was recorded by another phone (its entries kept
        # to compare): the bar says so, and Save stays that round's, refused as it would be,
        # not the next round's (an outside walk-through read "Save round 2" over round 1).
        result = {"ok": False, "message": _(TAKEN_SAVE_TO_COMPARE, number=taken), "error": None, "field": None, "taken": taken}
    context = match_context(view, values=request.form, edit_number=number, preview=result, live=True, with_parts=False)
    return render_block("match.html", "preview", **context)


def changed_elsewhere(refused: ServiceError) -> bool:
    return refused.code in CHANGED_ELSEWHERE_CODES or refused.status == 412


def refused_response(
    match_id: str, refused: ServiceError, *, keep_values: bool = True, edit_number: int | None = None, blocks: bool = False
):
    """The page again with the refusal and the person's entries kept (`blocks`: only the
    page's changing blocks, for a Save made in place by the page's script).

    When another phone wrote first, the page shows the current match (and a new version
    for the form) with the entries kept, so saving again is a deliberate second try.
    No replay for a refused new round: the state comes from the snapshot, the sheet stored.
    """
    view = current_view(match_id)
    if changed_elsewhere(refused):
        if edit_number is not None and edit_number > view.state.round_count:
            edit_number = None  # the round being edited was undone meanwhile
        taken = round_taken(view, edit_number)
        if taken is None and view.state.finished and edit_number is None:
            # Its last round or the players' end came from another phone: nothing to enter now.
            context = match_context(view, stale=_(FINISHED_ELSEWHERE))
        elif taken is None:
            values = request.form if keep_values else None
            context = match_context(view, values=values, stale=_(CHANGED_ELSEWHERE), edit_number=edit_number)
        else:
            # The round these entries were for is recorded (the same hand, entered on two phones):
            # they are not the next round's, which starts afresh.
            context = taken_context(match_id, taken)
    elif edit_number is None and (view.state.finished or view.pending is not None):
        # No round form to say it beside (a finished match, a round waiting for table check:
        # a confirmation refused, a round saved on a match finished meanwhile): said at the
        # top, over the scores.
        context = match_context(view, stale=str(refused.message))
    else:
        context = match_context(view, values=request.form, error=refused, edit_number=edit_number)
    if blocks:
        response = blocks_response(context, status=refused.status)
    else:
        response = Response(render_template("match.html", **context), status=refused.status)
    # Percent-encoded UTF-8 (a header is ASCII; the message may be German or Russian): static/js/page/queue.js decodes it.
    response.headers["X-Scorekeeper-Error"] = quote(str(refused.message)[:300], safe=" ,.:;!?()'/")
    return response


def taken_context(match_id: str, taken: int) -> dict[str, Any]:
    """The page once round `taken` was recorded by another phone first: the entries posted
    for it beside the recorded ones (scored as an edit of it), to keep either."""
    view = current_view(match_id)
    try:
        versions = round_versions(view, taken, request.form)
    except FormError:
        # Not a whole round (the bids of a two-step round): nothing to set beside the recorded one.
        return match_context(view, stale=_(TAKEN_ELSEWHERE, number=taken))
    if versions is None:
        return match_context(view, stale=_(TAKEN_ALIKE, number=taken))
    return match_context(view, stale=_(TAKEN_OTHERWISE, number=taken), versions=versions)


def round_taken(view, edit_number: int | None) -> int | None:
    """The round a new round's form was for, when it has been recorded meanwhile (by another phone)."""
    expected = int_or_none(request.form.get("expected_number"))
    # Below 1 is no round (the write refuses such a form): never looked up among the rounds.
    if edit_number is not None or expected is None or not 1 <= expected <= view.state.round_count:
        return None
    return expected


def form_version() -> str | None:
    """The ETag the form was rendered with (forms of older pages have none)."""
    return (request.form.get("version") or "").strip()[:40] or None


@bp.post("/matches/<match_id>/rounds")
def record(match_id: str):
    """Record the next round from the form (JS off, or replayed from the offline queue).
    The form is read against the match as it stands (its snapshot), as the API's body is
    read before the write; the round's number goes with it, so a write that finds the
    match moved on meanwhile is refused instead of recording these entries as a later round."""
    key = request.headers.get("Idempotency-Key") or request.form.get("idempotency_key") or None
    try:
        if key is not None and len(key) > MAX_KEY_LENGTH:
            raise FormError(_("the form's idempotency key is too long: reload the page"), "idempotency_key")
        view = current_view(match_id)
        expected = round_number(request.form, "expected_number")
        raw = None
        if expected is None or expected == view.state.next_round:
            raw = adapter_for(view.game).round_input(request.form, view.table, view.state.next or {})
        service.record_round(
            match_id,
            raw,
            idempotency_key=key,
            expected_number=view.state.next_round if expected is None else expected,
            if_match=form_version(),
            actor=current_actor(),
        )
    except ServiceError as refused:
        return refused_response(match_id, refused, blocks=scripted())
    if scripted():
        # Saved in place: the page keeps its document (and its booted engine); the blocks
        # a reload would have changed come with this answer, one request for both.
        return blocks_response(match_context(service.view_after_write(match_id, current_actor())))
    return redirect(url_for("pages.match_page", match_id=match_id) + "#scores", code=303)


@bp.post("/matches/<match_id>/rounds/<int:number>/bidding")
def save_bidding(match_id: str, number: int):
    """Two-step rounds: store the bids of the next round before its hand is played, so every
    phone at the table sees them (targets, who leads) until the tricks complete the round."""
    view = current_view(match_id)
    try:
        raw = adapter_for(view.game).bidding_input(request.form, view.table, view.state.next or {})
        biddings.put_bidding(match_id, number, raw, if_match=form_version(), actor=current_actor())
    except ServiceError as refused:
        return refused_response(match_id, refused)
    # At the play view, not the round's heading: its "Change the bids" and the hand's first
    # question fit one screen beneath it (from #entry, four long names in Russian left the
    # tricks under the save bar).
    return redirect(url_for("pages.match_page", match_id=match_id) + "#play-view", code=303)


@bp.post("/matches/<match_id>/rounds/<int:number>/bidding/change")
def change_bidding(match_id: str, number: int):
    """The bids were said wrongly: the bids form again, the saved bids filled in (they stand
    until "Save the bids" replaces them). A post, as every write: offline it waits for the server."""
    return redirect(url_for("pages.match_page", match_id=match_id, change_bids=1) + "#entry", code=303)


@bp.post("/matches/<match_id>/rounds/<int:number>/bidding/withdraw")
def withdraw_bidding(match_id: str, number: int):
    """The bids were said wrongly (or the hand is not played): back to entering the round."""
    try:
        biddings.withdraw_bidding(match_id, number, if_match=form_version(), actor=current_actor())
    except ServiceError as refused:
        return refused_response(match_id, refused, keep_values=False)
    return redirect(url_for("pages.match_page", match_id=match_id) + "#entry", code=303)


@bp.route("/matches/<match_id>/rounds/<int:number>/edit", methods=["GET", "POST"])
def edit(match_id: str, number: int):
    view = current_view(match_id)
    if not 1 <= number <= view.state.round_count:
        raise ServiceError(404, _("round {number} has not been recorded", number=number), code="round_not_found")
    if request.method == "GET":
        return render_template("match.html", **match_context(view, edit_number=number))
    try:
        raw = adapter_for(view.game).round_input(request.form, view.table, hints_before(view, number))
        service.edit_round(
            match_id, number, raw, if_match=form_version(), actor=current_actor(), reason=request.form.get("reason")
        )
    except ServiceError as refused:
        return refused_response(match_id, refused, edit_number=number)
    # Back to the edited round: on the page with every round when the latest ones leave it out.
    where = url_for("pages.match_page", match_id=match_id) + ("" if in_window(view, number) else "?sheet=all")
    return redirect(f"{where}#round-{number}", code=303)


@bp.post("/matches/<match_id>/rounds/<int:number>/confirm")
def confirm(match_id: str, number: int):
    """Table check: this phone confirms the round another phone recorded."""
    try:
        service.confirm_round(match_id, number, if_match=form_version(), actor=current_actor())
    except ServiceError as refused:
        return refused_response(match_id, refused, keep_values=False)
    return redirect(url_for("pages.match_page", match_id=match_id), code=303)


@bp.route("/matches/<match_id>/undo", methods=["GET", "POST"])
def undo(match_id: str):
    if request.method == "GET":
        # The match as it stands (its snapshot) and its last round played on from the one
        # before: no replay to ask one question.
        view = current_view(match_id)
        count = view.state.round_count
        # The very check of the post (services.matches.undo_round): nobody is asked to
        # confirm an undo that is then refused with 403.
        access.check_match_write(view.match, current_actor())
        if not count:
            return redirect(url_for("pages.match_page", match_id=match_id), code=303)
        last = service.recorded_round(view, count)
        return render_template(
            "undo.html",
            match=view.match,
            game=view.game,
            etag=view.etag,
            number=count,
            cells=list(zip(side_names(view), last.score.scores, last.score.explanation, strict=False)),
            reopens=view.match.ended_after is not None,
        )
    number = int_or_none(request.form.get("number"))
    if number is None:
        raise ServiceError(422, _("say which round to undo"), code="form_field", field="number")
    return whole_match_write(
        match_id,
        lambda: service.undo_round(
            match_id, number, if_match=form_version(), actor=current_actor(), reason=request.form.get("reason")
        ),
    )


def whole_match_write(match_id: str, write: Callable[[], Any], anchor: str = ""):
    """A write whose form holds no round (undo, end, play on): done, the match page; refused
    because another phone wrote first, the match as it stands now; any other refusal is the
    error page's."""
    try:
        write()
    except ServiceError as refused:
        if not changed_elsewhere(refused):
            raise
        return refused_response(match_id, refused, keep_values=False)
    return redirect(url_for("pages.match_page", match_id=match_id) + anchor, code=303)


@bp.route("/matches/<match_id>/end", methods=["GET", "POST"])
def end(match_id: str):
    """The players end the match after its last round (a late night): asked once, with the
    totals as they stand and who would win, then the match is finished there."""
    if request.method == "GET":
        view = current_view(match_id)
        # Both checks of the post (services.matches.end_match), in its order: who may end
        # the match, then whether it can be ended as it stands.
        access.check_match_write(view.match, current_actor())
        if service.end_refusal(view.state, view.pending.number if view.pending is not None else None) is not None:
            return redirect(url_for("pages.match_page", match_id=match_id), code=303)
        best = max(view.state.totals)
        return render_template(
            "end.html",
            match=view.match,
            etag=view.etag,
            number=view.state.round_count,
            sides=[(name, total, total == best) for name, total in zip(side_names(view), view.state.totals, strict=True)],
        )
    return whole_match_write(
        match_id, lambda: service.end_match(match_id, if_match=form_version(), actor=current_actor()), "#scores"
    )


@bp.post("/matches/<match_id>/play-on")
def play_on(match_id: str):
    """A match the players ended is open again, at the round after where they stopped."""
    return whole_match_write(
        match_id, lambda: service.play_on(match_id, if_match=form_version(), actor=current_actor()), "#entry"
    )


@bp.post("/matches/<match_id>/share")
def share(match_id: str):
    """A read-only link to this match, shown on the page (the share block alone for htmx)."""
    link, secret = sharing.share_match(match_id, current_actor())
    view = current_view(match_id)
    fragment = bool(request.headers.get("HX-Request"))
    context = match_context(
        view,
        share_url=url_for("pages.shared_page", token=secret, _external=True),
        share_link=link,
        with_parts=not fragment,
    )
    if fragment:
        return render_block("match.html", "share", **context)
    return render_template("match.html", **context)


@bp.get("/matches/<match_id>/live")
def live(match_id: str):
    """The changing blocks of the match page, swapped in out of band by a polling phone.

    The round-entry block is included only when asked (`entry=1`): the phone leaves out
    a form the user is typing in. A separate address keeps the service worker's page
    cache (keyed by URL) from storing these fragments as the page.
    """
    edit_number = int_or_none(request.args.get("edit"))
    view = current_view(match_id)
    if edit_number is not None and not 1 <= edit_number <= view.state.round_count:
        edit_number = None
    return blocks_response(match_context(view, edit_number=edit_number), entry=request.args.get("entry") == "1")


@bp.get("/shared/<token>")
def shared_page(token: str):
    """What a share link shows, read-only: a match (scoreboard and rounds) or standings."""
    kind, shown = sharing.open_shared(token)
    if kind == sharing.MATCH:
        view = sharing.shared_match_view(shown)
        context = {
            "kind": kind,
            "game": view.game,
            "state": view.state,
            "side_names": side_names(view),
            # The sheet as a reader of the match page sees it (stored per version: no replay).
            "parts": sheet_parts(view, can_write=False, whole=asks_whole_sheet()),
        }
    else:
        context = {
            "kind": kind,
            "standings": shown,
            "ranked": [row for row in shown["rows"] if row["ranked"]],
            "unranked": [row for row in shown["rows"] if not row["ranked"]],
        }
    response = Response(render_template("shared.html", **context))
    # A share link is for people, not for search engines.
    response.headers["X-Robots-Tag"] = "noindex"
    return response


@bp.post("/matches/<match_id>/rematch")
def rematch(match_id: str):
    """One tap at the end of a match: the same seats again, the deal moved on."""
    view = service.rematch(match_id, device_id(create=True), actor=current_actor())
    return redirect(url_for("pages.match_page", match_id=view.match.id), code=303)
