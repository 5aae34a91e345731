"""A league's history in words: who did what (its actions, roles and changes said as people
read them, never a field name or an action's code), for the owners' view of the audit trail."""
from __future__ import annotations

from typing import Any

from ..engine.core.i18n import N_, _
from ..services import access
from .page_formats import day_filter

# The roles as people read them (the value posted stays the role's code).
ROLE_LABELS = {
    access.OWNER: N_("owner"),
    access.SCORER: N_("scorer"),
    access.VIEWER: N_("viewer"),
}


HISTORY_SHOWN = 50  # the latest entries an owner reads on the league page


# Each action of the audit trail as the history says it (never its code).
ACTION_LABELS = {
    "league.create": N_("started the league"),
    "league.import": N_("imported the league"),
    "role.grant": N_("changed a role"),
    "role.revoke": N_("took a role away"),
    "member.add": N_("added a member"),
    "member.remove": N_("removed a member"),
    "season.add": N_("added a season"),
    "player.rename": N_("renamed a player"),
    "player.merge": N_("merged two players"),
    "share.create": N_("made a share link"),
    "share.revoke": N_("revoked a share link"),
}


def audit_change(value: Any) -> str:
    """An entry's before or after in words: names and roles, never field names."""
    if not isinstance(value, dict):
        return ""
    if "role" in value:
        role = value.get("role")
        return f"{value.get('username', '')}: {_(ROLE_LABELS[role]) if role in ROLE_LABELS else _('no role')}"
    if "starts_on" in value:
        return f"{value.get('name', '')} ({day_filter(value['starts_on'])} – {day_filter(value['ends_on'])})"
    if "name" in value:
        return str(value["name"])
    return ""


def audit_row(entry) -> dict[str, Any]:
    """One entry of the trail as the history table shows it."""
    return {
        "at": entry.at,
        "actor": entry.actor,
        "action": _(ACTION_LABELS[entry.action]) if entry.action in ACTION_LABELS else entry.action,
        "before": audit_change(entry.before),
        "after": audit_change(entry.after),
        "reason": entry.reason,
    }

