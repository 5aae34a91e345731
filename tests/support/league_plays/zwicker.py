"""Zwicker's match in the test league: three deals, each won by one side with every honour."""
from __future__ import annotations


def zwicker_deal(winner: int) -> dict:
    honours = ["J25", "J20", "J15", "D10", "D7", "S7", "AS", "AH", "AD", "AC"]
    sides = [{"cards": 20, "zwicks": 0, "honours": []}, {"cards": 20, "zwicks": 0, "honours": []}]
    sides[winner] = {"cards": 35, "zwicks": 1, "honours": honours}
    sides[1 - winner]["cards"] = 20
    return {"sides": sides}


PLAYS = [(["Bob", "Dan"], {"target": 60}, [zwicker_deal(0), zwicker_deal(1), zwicker_deal(0)])]
