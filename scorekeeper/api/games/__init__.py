"""The games catalogue resource."""
