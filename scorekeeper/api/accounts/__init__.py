"""The accounts resources: users, the session and API tokens."""
