"""A Supabase-Realtime-compatible server for the tests of Courier's realtime socket: the channel
protocol of `phoenix_hub.py` on Python's `websockets`, at /realtime/v1/websocket
(?apikey=anon-key&vsn=1.0.0). Access tokens that start with "good" are accepted and never expire;
others are refused. Plain GETs steer it:

  /stats                      what it saw: joins, leaves, heartbeats, tokens per topic, connections
  /push?topic=T&n=N           N postgres_changes UPDATEs on T (records {"id": i, "status": "running"})
  /deaf?on=1|0                stop or resume answering heartbeats
  /drop                       drop every connection without a close frame
  /close?code=C               close every connection with code C
  /expire?topic=T             tell T's subscribers their token expired (system error, phx_close)
  /crash?topic=T              tell T's subscribers their channel crashed (phx_error)
  /refuse?n=N                 refuse the next N joins
  /malformed, /oversized      send every connection a broken message, or one of 16 MiB
  /pump?n=N&size=B&pace=S     N rounds (S seconds apart; 0.004 by default), each pushing one
                              change (with B bytes of padding) to every joined channel; each
                              topic's records carry their own sequence number ({"id": seq}); the
                              stats say "pumped" rounds and each topic's last number ("seqs")
  /chaos?on=1&seed=S          until /chaos?on=0, every few milliseconds one fault at random: a
                              dropped connection, an expired token, a crashed channel, a refused
                              join; the stats count each ("faults")

With `--tls <folder>` it serves wss:// only (`test_certificates.py`: the authority's certificate in
`<folder>/ca.pem`), and its controls are HTTPS too.

Prints its port on the first line of standard output; stops when standard input closes.
"""
import asyncio
import json
import random
import sys
import threading
from urllib.parse import parse_qs, urlparse

from websockets.asyncio.server import serve
from websockets.datastructures import Headers
from websockets.http11 import Response

from phoenix_hub import ChannelHub, Peer, message
from test_certificates import tls_context

ANON_KEY = "anon-key"
seqs = {}
soak = {"pumped": 0, "faults": {}}
chaos = {"task": None}
hub = ChannelHub(lambda token: (None, None) if (token or "").startswith("good") else ("Invalid JWT: the token is not valid", None))


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
    if url.path == "/stats":
        return respond({**hub.stats_now(), **soak, "seqs": seqs})
    if url.path == "/pump":
        asyncio.get_running_loop().create_task(pump(int(query.get("n", "1")), int(query.get("size", "0")), float(query.get("pace", "0.004"))))
        return respond({"ok": True})
    if url.path == "/chaos":
        if chaos["task"] is not None:
            chaos["task"].cancel()
            chaos["task"] = None
            hub.refuse_joins = 0
        if query.get("on") == "1":
            chaos["task"] = asyncio.get_running_loop().create_task(make_chaos(random.Random(int(query.get("seed", "1")))))
        return respond({"ok": True})
    if url.path == "/push":
        for peer in list(hub.peers):
            entry = peer.channels.get(query["topic"])
            if entry is None:
                continue
            for index in range(int(query.get("n", "1"))):
                data = {"schema": "public", "table": "tasks", "commit_timestamp": "2026-12-06T00:00:00Z", "type": "UPDATE",
                        "record": {"id": index, "status": "running"}, "old_record": {"id": index}, "columns": [], "errors": None}
                peer.put(message(query["topic"], "postgres_changes", {"ids": [1], "data": data}, entry["join_ref"]))
        return respond({"ok": True})
    if url.path.lstrip("/") in ("deaf", "drop", "close", "expire", "crash", "refuse", "malformed", "oversized"):
        return respond(hub.control(url.path.lstrip("/"), query))
    return connection.respond(404, "no such path\n")


def change(topic, padding=""):
    seqs[topic] = seqs.get(topic, 0) + 1
    data = {"schema": "public", "table": "tasks", "commit_timestamp": "2026-12-06T00:00:00Z", "type": "UPDATE",
            "record": {"id": seqs[topic], "status": topic, **({"padding": padding} if padding else {})}, "old_record": {"id": seqs[topic]}, "columns": [], "errors": None}
    return {"ids": [1], "data": data}


async def pump(rounds, size, pace):
    padding = "x" * size
    for _ in range(rounds):
        for peer in list(hub.peers):
            for topic, entry in list(peer.channels.items()):
                peer.put(message(topic, "postgres_changes", change(topic, padding), entry["join_ref"]))
        soak["pumped"] += 1
        await asyncio.sleep(pace)


async def make_chaos(rng):
    while True:
        await asyncio.sleep(rng.uniform(0.1, 0.3))
        topics = [topic for peer in hub.peers for topic in peer.channels]
        kind = rng.choice(["drop", "expire", "crash", "refuse"])
        if kind in ("expire", "crash"):
            if not topics:
                continue
            hub.control(kind, {"topic": rng.choice(topics)})
        else:
            hub.control(kind, {"n": "1"})
        soak["faults"][kind] = soak["faults"].get(kind, 0) + 1


async def handler(ws):
    peer = Peer(ws.send, ws.transport.abort, ws.close)
    hub.connected(peer)
    try:
        async for text in ws:
            hub.receive(peer, text)
    except Exception:
        pass
    finally:
        hub.disconnected(peer)


async def main():
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    context = tls_context(sys.argv[sys.argv.index("--tls") + 1]) if "--tls" in sys.argv else None
    async with serve(handler, "127.0.0.1", 0, process_request=control, ping_interval=None, max_size=None, ssl=context) as server:
        print(server.sockets[0].getsockname()[1], flush=True)
        threading.Thread(target=lambda: (sys.stdin.read(), loop.call_soon_threadsafe(stop.set)), daemon=True).start()
        await stop.wait()


if __name__ == "__main__":
    asyncio.run(main())
