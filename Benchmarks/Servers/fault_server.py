"""The fault soak's loopback server (standard library only, asyncio, HTTP/1.1 with keep-alive).

It answers a small Supabase-style API and injects faults at random (seeded), counting what it
processed so the soak can check the client's promises:

  GET  /items/<n>            {"id": n}
  POST /orders               {"id": <order number>}; X-Call-Id names the client's call; the
                             body, if any, is {"item": n} for call "call-n". An order with an
                             Idempotency-Key may come more than once (its repeat is harmless):
                             the server checks that each copy carries its call's one key.
  POST /auth/v1/token        a refresh: new tokens; access tokens expire after EXPIRE_AFTER uses
  GET  /stats                what was processed: {"orders": {call id: times}, "refreshes": n,
                             "refusedResent": n, ...}

X-Call-Id names the client's call on every request. The server remembers, per call, the tokens
it refused with a 401 that reached the client, and counts each later attempt of the same call
that carries one of them again ("refusedResent"): a client must get another token first.

Faults, drawn per request once its body is read: 503 and 429 (with Retry-After: 0) before the
server acts on the request, as a busy or rate-limiting server answers; after it has acted, the
connection closed without an answer (on fresh and on reused connections), closed mid-body, a
slow answer, a trickled answer, a garbage body. The token
endpoint answers 503 to every fifth refresh; it never refuses a refresh token, so no session
may end.

Prints its port on the first line of standard output; stops when standard input closes.
Usage: fault_server.py [seed]
"""
import asyncio
import loopback
import json
import random
import sys

EXPIRE_AFTER = 200
rng = random.Random(int(sys.argv[1]) if len(sys.argv) > 1 else 1)
orders = {}
stats = {"requests": 0, "refreshes": 0, "refusedResent": 0, "faults": {},
         "keyedCopies": 0, "keyedOnReused": 0, "keyMismatch": 0, "bodyMismatch": 0}
# Call id -> the idempotency key its first copy carried, for orders that carry one.
keys = {}
keyed_orders = {}
tokens = {"current": "tok0", "uses": 0, "issued": 0, "asked": 0}
# Call id -> the bearer tokens the server refused that call with a 401 the client received.
refused = {}


def response(status, value, headers=(), close=False):
    body = json.dumps(value).encode()
    head = f"HTTP/1.1 {status} X\r\nContent-Type: application/json\r\nContent-Length: {len(body)}\r\n"
    for name, content in headers:
        head += f"{name}: {content}\r\n"
    head += "Connection: close\r\n" if close else ""
    return head.encode() + b"\r\n" + body


def fault(kind):
    stats["faults"][kind] = stats["faults"].get(kind, 0) + 1
    return kind


def draw(path, reused):
    """The fault for this request, or None."""
    roll = rng.random()
    if path == "/stats":
        return None
    if path == "/auth/v1/token":
        tokens["asked"] += 1
        return fault("token-503") if tokens["asked"] % 5 == 0 else None
    if roll < 0.06:
        return fault("503")
    if roll < 0.09:
        return fault("429")
    if roll < 0.13:
        return fault("close-reused" if reused else "close-fresh")
    if roll < 0.15:
        return fault("close-mid-body")
    if roll < 0.18:
        return fault("slow")
    if roll < 0.19:
        return fault("trickle")
    if roll < 0.21:
        return fault("garbage")
    return None


def check_body(call, body):
    """Counts an order whose body is not its call's, whole."""
    if not body:
        return
    try:
        whole = json.loads(body) == {"item": int(call.removeprefix("call-"))}
    except ValueError:
        whole = False
    if not whole:
        stats["bodyMismatch"] += 1


def process(method, path, headers, body, reused):
    """Acts on a request and returns (status, value, extra headers)."""
    stats["requests"] += 1
    if path == "/stats":
        return 200, {"orders": orders, "keyedOrders": keyed_orders, **stats, "issued": tokens["issued"]}, ()
    if path == "/auth/v1/token" and method == "POST":
        stats["refreshes"] += 1
        tokens["issued"] += 1
        tokens["current"] = f"tok{tokens['issued']}"
        tokens["uses"] = 0
        return 200, {"access_token": tokens["current"], "refresh_token": f"r{tokens['issued']}", "expires_in": 3600,
                     "token_type": "bearer", "user": {"id": "u1"}}, ()
    authorization = headers.get("authorization")
    if authorization in refused.get(headers.get("x-call-id"), ()):
        stats["refusedResent"] += 1
    if authorization != f"Bearer {tokens['current']}":
        return 401, {"message": "JWT expired"}, ()
    tokens["uses"] += 1
    if tokens["uses"] >= EXPIRE_AFTER:
        tokens["current"] = f"expired{tokens['issued']}"
    if method == "POST" and path == "/orders":
        call = headers.get("x-call-id", "?")
        check_body(call, body)
        key = headers.get("idempotency-key")
        if key is None:
            orders[call] = orders.get(call, 0) + 1
            return 200, {"id": len(orders)}, ()
        if keys.setdefault(call, key) != key:
            stats["keyMismatch"] += 1
        keyed_orders[call] = keyed_orders.get(call, 0) + 1
        stats["keyedCopies"] += 1
        stats["keyedOnReused"] += 1 if reused else 0
        return 200, {"id": len(keyed_orders)}, ()
    if method == "GET" and path.startswith("/items/"):
        return 200, {"id": int(path.split("/")[2])}, ()
    return 404, {"message": "no such path"}, ()


async def serve(reader, writer):
    reused = False
    try:
        while True:
            head = await reader.readuntil(b"\r\n\r\n")
            lines = head.decode("latin-1").split("\r\n")
            method, target, _ = lines[0].split(" ", 2)
            path = target.split("?", 1)[0]
            headers = {}
            for line in lines[1:]:
                if ":" in line:
                    name, _, value = line.partition(":")
                    headers[name.strip().lower()] = value.strip()
            length = int(headers.get("content-length", "0"))
            body = await reader.readexactly(length) if length else b""
            close = headers.get("connection", "").lower() == "close"
            kind = draw(path, reused)
            # A server that is busy or limits the rate says so before it acts on the request;
            # the other faults strike after it has acted.
            if kind in ("503", "token-503"):
                status, value, extra = 503, {"message": "busy"}, ()
            elif kind == "429":
                status, value, extra = 429, {"message": "slow down"}, (("Retry-After", "0"),)
            else:
                status, value, extra = process(method, path, headers, body, reused)
            if kind in ("close-reused", "close-fresh"):
                return
            if kind == "slow":
                await asyncio.sleep(0.05)
            payload = response(status, value, extra, close)
            if kind == "garbage" and status == 200:
                payload = response(200, {}, close=close).replace(b"{}", b"<h")
            if kind == "close-mid-body":
                writer.write(payload[: len(payload) - 3])
                await writer.drain()
                return
            if kind == "trickle":
                for index in range(0, len(payload), 16):
                    writer.write(payload[index:index + 16])
                    await writer.drain()
                    await asyncio.sleep(0.01)
            else:
                writer.write(payload)
                await writer.drain()
            if status == 401:
                # The client has the refusal: that token must not come back with this call.
                refused.setdefault(headers.get("x-call-id"), set()).add(headers.get("authorization"))
            reused = True
            if close:
                return
    except (asyncio.IncompleteReadError, ConnectionError, ValueError):
        pass
    finally:
        writer.close()


if __name__ == "__main__":
    loopback.run(serve, backlog=512)
