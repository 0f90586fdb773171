"""Proves the reference server speaks Supabase Realtime's protocol, with a client nobody here
wrote: Supabase's own Python `realtime` package. Usage: supabase_realtime_probe.py <port>

Signs in, subscribes to the tasks table's UPDATEs of one project (a `project_id=eq.` filter),
creates and cancels a task, and waits for the change; then broadcasts to itself. Prints one JSON
line with what it received, and exits 0 only when both arrived.
"""
import asyncio
import json
import sys
import uuid

import httpx
from realtime import AsyncRealtimeClient, RealtimeSubscribeStates

ANON_KEY = "anon-key"


async def main(port):
    base = f"http://127.0.0.1:{port}"
    async with httpx.AsyncClient(base_url=base, headers={"apikey": ANON_KEY}) as http:
        session = (await http.post("/auth/v1/token?grant_type=password",
                                   json={"email": "ann@example.com", "password": "secret"})).json()
        bearer = {"Authorization": f"Bearer {session['access_token']}"}
        project = str(uuid.uuid4())
        client = AsyncRealtimeClient(f"{base}/realtime/v1", token=ANON_KEY, auto_reconnect=False)
        await client.connect()
        await client.set_auth(session["access_token"])
        subscribed = asyncio.Event()
        change = asyncio.get_running_loop().create_future()
        broadcast = asyncio.get_running_loop().create_future()
        channel = client.channel("realtime:tasks-probe", {"config": {"broadcast": {"self": True}}})
        channel.on_postgres_changes("UPDATE", lambda payload: change.done() or change.set_result(payload),
                                    table="tasks", schema="public", filter=f"project_id=eq.{project}")
        channel.on_broadcast("ping", lambda payload: broadcast.done() or broadcast.set_result(payload))

        def on_state(status, error):
            if status == RealtimeSubscribeStates.SUBSCRIBED:
                subscribed.set()
            elif error is not None:
                change.done() or change.set_exception(error)

        await channel.subscribe(on_state)
        await asyncio.wait_for(subscribed.wait(), 10)
        task = (await http.post("/_admin/tasks", json={"project_id": project, "start": False})).json()
        await http.post(f"/rest/v1/tasks/{task['id']}/cancel", headers=bearer)
        payload = await asyncio.wait_for(change, 10)
        await channel.send_broadcast("ping", {"hello": "from supabase"})
        echoed = await asyncio.wait_for(broadcast, 10)
        await client.close()
        data = payload["data"]
        print(json.dumps({"type": data["type"], "table": data["table"], "status": data["record"]["status"],
                          "id_matches": data["record"]["id"] == task["id"], "old_record": data["old_record"],
                          "broadcast": echoed["payload"]}), flush=True)


if __name__ == "__main__":
    asyncio.run(main(int(sys.argv[1])))
