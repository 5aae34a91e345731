"""Calls sent at the same moment, one thread each, as several phones or tables send them."""
from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Any

import requests


def at_once(calls: list[Callable[[], Any]], timeout: float,
            caught: tuple[type[BaseException], ...] = (requests.RequestException,),
            within: float | None = None) -> list[Any]:
    """Run the calls at the same moment (a barrier waiting up to `timeout`), one thread
    each; their results in order, or the exception one raised when it is among `caught`
    (reported by the caller's assertions; None for any other). Every thread must finish
    within `within` seconds (3 x `timeout` unless given)."""
    results: list[Any] = [None] * len(calls)
    barrier = threading.Barrier(len(calls), timeout=timeout)

    def run(index: int) -> None:
        barrier.wait()
        try:
            results[index] = calls[index]()
        except caught as error:
            results[index] = error

    threads = [threading.Thread(target=run, args=(index,), daemon=True) for index in range(len(calls))]
    for thread in threads:
        thread.start()
    deadline = time.monotonic() + (3 * timeout if within is None else within)
    for thread in threads:
        thread.join(timeout=max(0.0, deadline - time.monotonic()))
    assert not any(thread.is_alive() for thread in threads), "a racing client did not finish in time"
    return results
