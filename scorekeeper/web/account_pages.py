"""Account pages: sign up, sign in and out, and the API tokens of the signed-in account."""
from __future__ import annotations

from flask import Blueprint, Response, redirect, render_template, request, url_for
from flask_login import current_user
from flask_wtf.csrf import CSRFError

from ..engine.core.i18n import N_, _
from ..errors import handle_service_error
from ..identity import client_address, current_actor, sign_in, sign_out
from ..services import ServiceError, access
from ..services import accounts as service
from .redirects import safe_next

# N_ only marks the phrases that access.require_signed_in translates itself.
# The name Flask-Login's login_view ("accounts.login") points at.
bp = Blueprint("accounts", __name__)


def credentials_page(template: str, error: ServiceError | None = None) -> Response:
    status = error.status if error else 200
    headers = {"Retry-After": str(error.retry_after)} if error is not None and error.retry_after else {}
    # The password is never sent back; the username is kept for the next try.
    context = {
        "error": error,
        "username": request.form.get("username", ""),
        "next_target": safe_next(request.values.get("next")),
    }
    return Response(render_template(template, **context), status=status, headers=headers)


@bp.route("/login", methods=["GET", "POST"])
def login():
    if request.method == "GET":
        return credentials_page("login.html")
    try:
        user = service.authenticate(request.form.get("username", ""), request.form.get("password", ""), client_address())
    except ServiceError as refused:
        return credentials_page("login.html", refused)
    sign_in(user)
    return redirect(safe_next(request.form.get("next")), code=303)


@bp.route("/register", methods=["GET", "POST"])
def register():
    if request.method == "GET":
        return credentials_page("register.html")
    try:
        user = service.register(request.form.get("username", ""), request.form.get("password", ""), client_address())
    except ServiceError as refused:
        return credentials_page("register.html", refused)
    sign_in(user)
    return redirect(safe_next(request.form.get("next")), code=303)


@bp.post("/logout")
def logout():
    sign_out()
    return redirect("/", code=303)


def account_page(
    *,
    new_secret: str | None = None,
    new_token_name: str | None = None,
    error: ServiceError | None = None,
    error_form: str | None = None,
    password_changed: bool = False,
):
    context = {
        "tokens": service.tokens_of(current_user),
        "new_secret": new_secret,
        "new_token_name": new_token_name,
        "error": error,
        "error_form": error_form,
        "password_changed": password_changed,
        "values": request.form,
    }
    return Response(render_template("account.html", **context), status=error.status if error else 200)


@bp.get("/account")
def account():
    if not current_user.is_authenticated:
        return redirect(url_for("accounts.login", next="/account"), code=303)
    return account_page()


@bp.post("/account/tokens")
def create_token():
    access.require_signed_in(current_actor(), N_("create API tokens"))
    try:
        token, secret = service.create_token(current_user, request.form.get("name", ""))
    except ServiceError as refused:
        return account_page(error=refused)
    # The secret is shown in this answer only (it is never stored), so no redirect here.
    response = account_page(new_secret=secret, new_token_name=token.name)
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.post("/account/password")
def change_password():
    """A new password; every other session of the account ends, this one goes on."""
    access.require_signed_in(current_actor(), N_("change your password"))
    user = current_user._get_current_object()
    try:
        service.change_password(
            user, request.form.get("current_password", ""), request.form.get("new_password", ""), client_address()
        )
    except ServiceError as refused:
        return account_page(error=refused, error_form="password")
    sign_in(user)
    return account_page(password_changed=True)


@bp.post("/account/tokens/<token_id>/revoke")
def revoke_token(token_id: str):
    access.require_signed_in(current_actor(), N_("revoke API tokens"))
    service.revoke_token(current_user, token_id)
    return redirect(url_for("accounts.account") + "#tokens", code=303)


@bp.app_errorhandler(CSRFError)
def csrf_refused(error: CSRFError):
    """A form post without a valid CSRF token: nothing was changed; say how to recover."""
    refused = ServiceError(
        400,
        _("this form has expired or came from another site: reload the page and try again"),
        code="csrf",
    )
    return handle_service_error(refused)
