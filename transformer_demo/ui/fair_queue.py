"""FairQueue: Gradio's queue, running the waiting requests in turn by client address, then by page.

Gradio runs a queue first come, first served, so 64 requests queued by one address would all run before anyone
else's. FairQueue reorders the waiting requests each time a slot frees: round by round, one request per client
address, and within an address one per page (session); a visitor's round counts the requests it already has
running. One address runs at most Limits.address_running requests of a kind at once (its others wait, they are
not refused), so another visitor finds a free slot at once. A class of 30 behind one school address is served
in turn, while a flood from one address or one page waits behind everyone else's next request. A join is
refused (503 "Busy: ...") when its address already has Limits.address_waiting requests waiting, so that one
address cannot fill the queue for everyone.

GuardedBlocks.queue() makes its queue a FairQueue.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from gradio import queueing

from ..serving.limits import Limits, Visitor, client_address, try_again

WAIT_HINT_S = 5.0  # the "try again in" of a refused join: a few requests will have run by then


def fair_order(waiting: list[Visitor], running: Callable[[Visitor], tuple[int, int]]) -> list[int]:
    """The order in which to run the waiting requests (given by their visitors, in queue order) as indices into
    `waiting`. running(visitor) -> (requests running for its page, for its address)."""
    by_address: dict[str, list[int]] = {}
    for index, visitor in enumerate(waiting):
        by_address.setdefault(visitor.address, []).append(index)
    rounds: dict[int, tuple[int, int]] = {}
    for indices in by_address.values():
        ahead: Counter[str] = Counter()  # the page's requests ahead of this one in the queue
        page_rounds = []
        for index in indices:
            session = waiting[index].session
            page_rounds.append((running(waiting[index])[0] + ahead[session], index))
            ahead[session] += 1
        address_running = running(waiting[indices[0]])[1]
        for turn, (_, index) in enumerate(sorted(page_rounds)):
            rounds[index] = (address_running + turn, index)
    return sorted(rounds, key=rounds.__getitem__)


def request_visitor(session: str, request: Any, hops: int) -> Visitor:
    """The visitor of a queued request (a Starlette request, or None for a call from inside the server)."""
    if request is None:
        return Visitor(session, "unknown")
    headers = {key.lower(): value for key, value in request.headers.items()}
    return Visitor(session, client_address(headers, request.client.host if request.client else None, hops))


class FairQueue(queueing.Queue):
    limits: Limits  # set by GuardedBlocks.queue()

    def visitor(self, event: queueing.Event) -> Visitor:
        if not hasattr(event, "visitor"):
            event.visitor = request_visitor(event.session_hash, event.request, self.limits.hops)
        return event.visitor

    def counts(self, concurrency_id: str) -> Callable[[Visitor], tuple[int, int]]:
        """visitor -> (requests of this kind running for its page, for its address)."""
        running = [self.visitor(e) for job in self.active_jobs if job for e in job
                   if e.concurrency_id == concurrency_id]
        sessions, addresses = Counter(v.session for v in running), Counter(v.address for v in running)

        def count(visitor: Visitor) -> tuple[int, int]:
            return sessions[visitor.session], addresses[visitor.address]

        return count

    def may_start(self, page_running: int, address_running: int) -> bool:
        """Below its address's share; or a page already at its limit, which the gate (limits.py) refuses at once
        ("try again in N s") rather than keep it waiting."""
        return address_running < self.limits.address_running or page_running >= self.limits.session_concurrency

    def get_events(self) -> tuple[list[queueing.Event], bool, str] | None:
        """Gradio's choice among the waiting requests that may run now, put in fair order; the others (their
        address has address_running requests running in a pool of few slots) stay in the queue for a later turn.
        Events without a concurrency limit (training, which the service runs one at a time) are never held."""
        held: list[tuple[list[queueing.Event], list[queueing.Event]]] = []
        for concurrency_id, event_queue in self.event_queue_per_concurrency_id.items():
            waiting, count = event_queue.queue, self.counts(concurrency_id)
            ordered = [waiting[i] for i in fair_order([self.visitor(e) for e in waiting], count)]
            unlimited = event_queue.concurrency_limit is None
            ready = [unlimited or self.may_start(*count(self.visitor(e))) for e in ordered]
            waiting[:] = [e for e, go in zip(ordered, ready) if go]
            held.append((waiting, [e for e, go in zip(ordered, ready) if not go]))
        try:
            return super().get_events()
        finally:
            for waiting, later in held:
                waiting.extend(later)

    async def push(self, body: Any, request: Any, username: str | None) -> tuple[bool, Any, str]:
        address = request_visitor("", request, self.limits.hops).address
        waiting = sum(
            self.visitor(event).address == address
            for event_queue in self.event_queue_per_concurrency_id.values()
            for event in event_queue.queue
        )
        if waiting >= self.limits.address_waiting:
            busy = f"Busy: {waiting} requests from your address are waiting; {try_again(WAIT_HINT_S)}."
            return False, busy, "queue_full"
        return await super().push(body, request, username)
