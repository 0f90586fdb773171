"""Supabase Realtime's side of Phoenix channels (serializer 1.0.0, JSON objects), shared by the
reference server (FastAPI, `archon_server.py`) and the fault server of the socket's own tests
(`realtime_server.py`).

The hub keeps, for each connected peer, the channels it joined and their configs; it answers
heartbeats, joins (with `postgres_changes` bindings, each given an id as the real server does),
`access_token` updates, broadcasts and leaves; it pushes a table's changes to every channel whose
bindings match (event, schema, table and a PostgREST-style filter) and ends a channel whose access
token expires, as Supabase Realtime does. It can misbehave on command (see the `control`
methods). Every push to a peer goes through that peer's queue, so pushes arrive in the order they
were made.
"""
import asyncio
import json
import time


def reply(topic, ref, join_ref, status, response):
    return json.dumps({"topic": topic, "event": "phx_reply", "payload": {"status": status, "response": response},
                       "ref": ref, "join_ref": join_ref})


def message(topic, event, payload, join_ref=None):
    return json.dumps({"topic": topic, "event": event, "payload": payload, "ref": None, "join_ref": join_ref})


class Peer:
    """One WebSocket connection: texts go out in order through a queue written by one task."""

    def __init__(self, send, abort, close):
        self.send, self.abort, self.close = send, abort, close
        self.channels = {}  # topic -> {"join_ref", "config", "bindings", "expires"}
        self.queue = asyncio.Queue()
        self.writer = asyncio.get_running_loop().create_task(self.write())

    def put(self, text):
        self.queue.put_nowait(text)

    async def write(self):
        while True:
            text = await self.queue.get()
            if text is None:
                return
            try:
                await self.send(text)
            except Exception:
                return

    def stop(self):
        self.queue.put_nowait(None)


def matches(binding, schema, table, kind, record):
    if binding.get("event", "*") not in ("*", kind):
        return False
    if binding.get("schema", "public") not in ("*", schema):
        return False
    if binding.get("table", "*") not in ("*", table):
        return False
    condition = binding.get("filter")
    if not condition:
        return True
    column, _, rest = condition.partition("=")
    operator, _, wanted = rest.partition(".")
    value = record.get(column)
    if value is None:
        return False
    if operator == "in":
        return str(value) in [item.strip().strip('"') for item in wanted.strip("()").split(",")]
    if operator in ("eq", "neq"):
        return (str(value) == wanted) == (operator == "eq")
    try:
        left, right = float(value), float(wanted)
    except (TypeError, ValueError):
        left, right = str(value), wanted
    return {"lt": left < right, "lte": left <= right, "gt": left > right, "gte": left >= right}.get(operator, False)


class ChannelHub:
    def __init__(self, authorize):
        """`authorize(token)` returns (None, expiry or None) for a token it accepts, (reason, None) otherwise."""
        self.authorize = authorize
        self.peers = set()
        self.deaf = False
        self.refuse_joins = 0
        self.stats = {"joins": [], "leaves": [], "heartbeats": 0, "tokens": {}, "connections_total": 0, "pushed": 0}

    def stats_now(self):
        return {**self.stats, "connections": len(self.peers),
                "subscriptions": sum(len(peer.channels) for peer in self.peers)}

    # ------------------------------------------------------------ a connection's life

    def connected(self, peer):
        self.peers.add(peer)
        self.stats["connections_total"] += 1

    def disconnected(self, peer):
        self.peers.discard(peer)
        peer.stop()

    def receive(self, peer, text):
        try:
            incoming = json.loads(text)
            topic, event = incoming["topic"], incoming["event"]
        except (ValueError, KeyError, TypeError):
            return
        payload = incoming.get("payload") or {}
        ref, join_ref = incoming.get("ref"), incoming.get("join_ref")
        if topic == "phoenix" and event == "heartbeat":
            self.stats["heartbeats"] += 1
            if not self.deaf:
                peer.put(reply("phoenix", ref, None, "ok", {}))
        elif event == "phx_join":
            self.join(peer, topic, payload, ref, join_ref)
        elif event == "access_token":
            token = payload.get("access_token")
            self.stats["tokens"].setdefault(topic, []).append(token)
            entry = peer.channels.get(topic)
            reason, expires = self.authorize(token)
            if entry is not None and reason is None:
                entry["expires"] = expires
                self.watch_expiry(peer, topic, entry)
            peer.put(reply(topic, ref, join_ref, "ok" if reason is None else "error", {} if reason is None else {"reason": reason}))
        elif event == "broadcast":
            for other in list(self.peers):
                entry = other.channels.get(topic)
                if entry is None or (other is peer and not entry["config"].get("broadcast", {}).get("self")):
                    continue
                other.put(message(topic, "broadcast", payload, entry["join_ref"]))
            if peer.channels.get(topic, {}).get("config", {}).get("broadcast", {}).get("ack"):
                peer.put(reply(topic, ref, join_ref, "ok", {}))
        elif event == "phx_leave":
            self.stats["leaves"].append(topic)
            peer.channels.pop(topic, None)
            peer.put(reply(topic, ref, join_ref, "ok", {}))
            peer.put(message(topic, "phx_close", {}, join_ref))

    def join(self, peer, topic, payload, ref, join_ref):
        self.stats["joins"].append(topic)
        token = payload.get("access_token")
        reason, expires = self.authorize(token)
        if reason is None and self.refuse_joins > 0:
            self.refuse_joins -= 1
            reason = "join refused by the test"
        if reason is not None:
            peer.put(reply(topic, ref, join_ref, "error", {"reason": reason}))
            return
        self.stats["tokens"].setdefault(topic, []).append(token)
        config = payload.get("config") or {}
        bindings = [dict(binding, id=index + 1) for index, binding in enumerate(config.get("postgres_changes") or [])]
        entry = {"join_ref": join_ref, "config": config, "bindings": bindings, "expires": expires}
        peer.channels[topic] = entry
        peer.put(reply(topic, ref, join_ref, "ok", {"postgres_changes": bindings}))
        if bindings:
            peer.put(message(topic, "system", {"status": "ok", "message": "Subscribed to PostgreSQL",
                                               "extension": "postgres_changes", "channel": topic.split(":", 1)[-1]}, join_ref))
        self.watch_expiry(peer, topic, entry)

    def watch_expiry(self, peer, topic, entry):
        expires = entry["expires"]
        if expires is None:
            return
        loop = asyncio.get_running_loop()
        loop.call_later(max(0, expires - time.time()), lambda: self.expire_if_due(peer, topic, entry, expires))

    def expire_if_due(self, peer, topic, entry, expires):
        if peer.channels.get(topic) is entry and entry["expires"] == expires:
            self.expire(peer, topic)

    def expire(self, peer, topic):
        entry = peer.channels.pop(topic, None)
        if entry is None:
            return
        peer.put(message(topic, "system", {"status": "error", "extension": "system", "channel": topic.split(":", 1)[-1],
                                           "message": "Token has expired 0 seconds ago"}, entry["join_ref"]))
        peer.put(message(topic, "phx_close", {}, entry["join_ref"]))

    # ------------------------------------------------------------ what the database did

    def publish_change(self, table, kind, record, old_record, columns=(), schema="public"):
        """Pushes an INSERT, UPDATE or DELETE to every channel with a matching binding."""
        commit = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
        row_for_filter = record if kind != "DELETE" else old_record
        for peer in list(self.peers):
            for topic, entry in list(peer.channels.items()):
                ids = [binding["id"] for binding in entry["bindings"] if matches(binding, schema, table, kind, row_for_filter)]
                if not ids:
                    continue
                data = {"schema": schema, "table": table, "commit_timestamp": commit, "type": kind,
                        "columns": [{"name": name, "type": kind_of} for name, kind_of in columns], "errors": None}
                if kind != "DELETE":
                    data["record"] = record
                if kind != "INSERT":
                    data["old_record"] = old_record
                peer.put(message(topic, "postgres_changes", {"ids": ids, "data": data}, entry["join_ref"]))
                self.stats["pushed"] += 1

    # ------------------------------------------------------------ misbehaving on command

    def control(self, action, query):
        """Runs one misbehaviour: drop, deaf, close, expire, crash, refuse, malformed, oversized."""
        topic = query.get("topic")
        if action == "deaf":
            self.deaf = query.get("on", "1") == "1"
        elif action == "refuse":
            self.refuse_joins = int(query.get("n", "1"))
        for peer in list(self.peers):
            if action == "drop":
                peer.abort()
            elif action == "close":
                asyncio.get_running_loop().create_task(peer.close(int(query["code"]), "closed by the test"))
            elif action == "expire" and topic in peer.channels:
                self.expire(peer, topic)
            elif action == "crash" and topic in peer.channels:
                entry = peer.channels.pop(topic)
                peer.put(message(topic, "phx_error", {}, entry["join_ref"]))
            elif action == "malformed":
                peer.put('{"topic": "realtime:x", "event": ')
            elif action == "oversized":
                peer.put(message(topic or "phoenix", "broadcast", {"blob": "x" * int(query.get("bytes", str(16 << 20)))}))
        return {"ok": True}
