"""Page fixtures: a client that posts forms with a CSRF token, as a browser does."""
from tests.support.forms import client, fresh_rate_limits, new_client  # noqa: F401 - fixtures
