"""The leagues resource: members, seasons, standings, ratings, records, export and import."""
