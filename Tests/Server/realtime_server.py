"""A Supabase-Realtime-compatible server (Phoenix channels, serializer 1.0.0) for the tests of
Courier's realtime socket, on Python's `websockets`. WebSocket at /realtime/v1/websocket
(?apikey=anon-key&vsn=1.0.0). It answers heartbeats, joins with `postgres_changes` configs
(access tokens "good…" are accepted, others refused), `access_token` updates, broadcasts
(relayed to every other subscriber of the topic, and to the sender when its config says
`self`), and leaves. Plain GETs steer it:

  /stats                      what it saw: joins, leaves, heartbeats, tokens per topic, connections
  /push?topic=T&n=N           N postgres_changes UPDATEs on T (records {"id": i, "status": "running"})
  /deaf?on=1|0                stop or resume answering heartbeats
  /drop                       drop every connection without a close frame
  /close?code=C               close every connection with code C
  /expire?topic=T             tell T's subscribers their token expired (system error, phx_close)
  /crash?topic=T              tell T's subscribers their channel crashed (phx_error)

Prints its port on the first line of standard output; stops when standard input closes.
"""
import asyncio
import json
import sys
import threading
from urllib.parse import parse_qs, urlparse

from websockets.asyncio.server import serve
from websockets.datastructures import Headers
from websockets.http11 import Response

ANON_KEY = "anon-key"
connections = set()
state = {"deaf": False, "joins": [], "leaves": [], "heartbeats": 0, "tokens": {}, "connections_total": 0}
# Per connection: topic -> {"join_ref": ..., "config": ...}
subscriptions = {}


def reply(topic, ref, join_ref, status, response):
    return json.dumps({"topic": topic, "event": "phx_reply", "payload": {"status": status, "response": response},
                       "ref": ref, "join_ref": join_ref})


def push(topic, event, payload, join_ref=None):
    return json.dumps({"topic": topic, "event": event, "payload": payload, "ref": None, "join_ref": join_ref})


def respond(body):
    data = json.dumps(body).encode()
    return Response(200, "OK", Headers([("Content-Type", "application/json"), ("Content-Length", str(len(data)))]), data)


def control(connection, request):
    url = urlparse(request.path)
    query = {key: values[0] for key, values in parse_qs(url.query).items()}
    if url.path == "/realtime/v1/websocket":
        if query.get("apikey") != ANON_KEY or query.get("vsn") != "1.0.0":
            return connection.respond(403, "bad apikey or vsn\n")
        return None
    loop = asyncio.get_running_loop()
    if url.path == "/stats":
        return respond({**state, "connections": len(connections)})
    if url.path == "/push":
        for ws in list(connections):
            entry = subscriptions.get(ws, {}).get(query["topic"])
            if entry is None:
                continue
            for index in range(int(query.get("n", "1"))):
                data = {"schema": "public", "table": "tasks", "commit_timestamp": "2026-12-06T00:00:00Z", "type": "UPDATE",
                        "record": {"id": index, "status": "running"}, "old_record": {"id": index}, "columns": [], "errors": None}
                loop.create_task(ws.send(push(query["topic"], "postgres_changes", {"ids": [1], "data": data}, entry["join_ref"])))
        return respond({"ok": True})
    if url.path == "/deaf":
        state["deaf"] = query.get("on") == "1"
        return respond({"ok": True})
    if url.path == "/drop":
        for ws in list(connections):
            ws.transport.abort()
        return respond({"ok": True})
    if url.path == "/close":
        for ws in list(connections):
            loop.create_task(ws.close(int(query["code"]), "closed by the test"))
        return respond({"ok": True})
    if url.path == "/expire":
        for ws in list(connections):
            entry = subscriptions.get(ws, {}).get(query["topic"])
            if entry is not None:
                loop.create_task(ws.send(push(query["topic"], "system", {"status": "error", "message": "Token has expired 0 seconds ago",
                                                                          "extension": "system", "channel": query["topic"]}, entry["join_ref"])))
        return respond({"ok": True})
    if url.path == "/crash":
        for ws in list(connections):
            entry = subscriptions.get(ws, {}).pop(query["topic"], None)
            if entry is not None:
                loop.create_task(ws.send(push(query["topic"], "phx_error", {}, entry["join_ref"])))
        return respond({"ok": True})
    return connection.respond(404, "no such path\n")


async def handler(ws):
    connections.add(ws)
    state["connections_total"] += 1
    mine = subscriptions.setdefault(ws, {})
    try:
        async for text in ws:
            message = json.loads(text)
            topic, event, payload = message["topic"], message["event"], message.get("payload") or {}
            ref, join_ref = message.get("ref"), message.get("join_ref")
            if topic == "phoenix" and event == "heartbeat":
                state["heartbeats"] += 1
                if not state["deaf"]:
                    await ws.send(reply("phoenix", ref, None, "ok", {}))
            elif event == "phx_join":
                token = payload.get("access_token", "")
                state["joins"].append(topic)
                if not token.startswith("good"):
                    await ws.send(reply(topic, ref, join_ref, "error", {"reason": "Invalid JWT: the token is not valid"}))
                    continue
                state["tokens"].setdefault(topic, []).append(token)
                config = payload.get("config", {})
                mine[topic] = {"join_ref": join_ref, "config": config}
                changes = [dict(change, id=index + 1) for index, change in enumerate(config.get("postgres_changes", []))]
                await ws.send(reply(topic, ref, join_ref, "ok", {"postgres_changes": changes}))
                await ws.send(push(topic, "system", {"status": "ok", "message": "Subscribed to PostgreSQL",
                                                     "extension": "postgres_changes", "channel": topic.split(":", 1)[-1]}, join_ref))
            elif event == "access_token":
                state["tokens"].setdefault(topic, []).append(payload.get("access_token"))
                await ws.send(reply(topic, ref, join_ref, "ok", {}))
            elif event == "broadcast":
                for other in list(connections):
                    entry = subscriptions.get(other, {}).get(topic)
                    if entry is None or (other is ws and not entry["config"].get("broadcast", {}).get("self")):
                        continue
                    await other.send(push(topic, "broadcast", payload, entry["join_ref"]))
                await ws.send(reply(topic, ref, join_ref, "ok", {}))
            elif event == "phx_leave":
                state["leaves"].append(topic)
                mine.pop(topic, None)
                await ws.send(reply(topic, ref, join_ref, "ok", {}))
                await ws.send(push(topic, "phx_close", {}, join_ref))
    except Exception:
        pass
    finally:
        connections.discard(ws)
        subscriptions.pop(ws, None)


async def main():
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    async with serve(handler, "127.0.0.1", 0, process_request=control, ping_interval=None) as server:
        print(server.sockets[0].getsockname()[1], flush=True)
        threading.Thread(target=lambda: (sys.stdin.read(), loop.call_soon_threadsafe(stop.set)), daemon=True).start()
        await stop.wait()


if __name__ == "__main__":
    asyncio.run(main())
