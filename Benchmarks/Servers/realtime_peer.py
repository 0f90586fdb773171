"""The baseline of RealtimeBenchmark: Python's `websockets` client (nobody here wrote it) doing
what Courier's realtime socket does in the same run, against the same server.

  realtime_peer.py throughput <port> <channels> <rounds> <bytes>
      joins <channels> channels on one connection, asks the server for <rounds> rounds of one
      change per channel (<bytes> of padding each), and times their arrival, each parsed as JSON
  realtime_peer.py latency <port> <count> <bytes>
      joins one channel that hears its own broadcasts, and times <count> round trips of one
      broadcast of <bytes>, one after another

Prints one JSON line of figures.
"""
import asyncio
import json
import sys
import time
import urllib.request

import websockets


async def joined(port, topics, config):
    ws = await websockets.connect(f"ws://127.0.0.1:{port}/realtime/v1/websocket?apikey=anon-key&vsn=1.0.0", max_size=None)
    for index, topic in enumerate(topics):
        await ws.send(json.dumps({"topic": topic, "event": "phx_join", "payload": {"config": config, "access_token": "good-py"},
                                  "ref": str(index + 1), "join_ref": str(index + 1)}))
    pending = len(topics)
    while pending:
        if json.loads(await ws.recv())["event"] == "phx_reply":
            pending -= 1
    return ws


async def throughput(port, channels, rounds, size):
    ws = await joined(port, [f"realtime:py{index}" for index in range(channels)], {"postgres_changes": [{"event": "*", "schema": "public", "table": "tasks"}]})
    expected = channels * rounds
    start = time.perf_counter()
    await asyncio.to_thread(lambda: urllib.request.urlopen(f"http://127.0.0.1:{port}/pump?n={rounds}&size={size}&pace=0").read())
    received = 0
    while received < expected:
        message = json.loads(await ws.recv())
        if message["event"] == "postgres_changes":
            received += 1
    elapsed = time.perf_counter() - start
    await ws.close()
    return {"messages": received, "seconds": elapsed, "per_second": received / elapsed}


async def latency(port, count, size):
    topic = "realtime:pylatency"
    ws = await joined(port, [topic], {"broadcast": {"self": True}})
    payload = {"blob": "x" * size}
    samples = []
    for index in range(count + 20):
        start = time.perf_counter()
        await ws.send(json.dumps({"topic": topic, "event": "broadcast", "payload": {"type": "broadcast", "event": "ping", "payload": payload},
                                  "ref": str(1000 + index), "join_ref": "1"}))
        while json.loads(await ws.recv())["event"] != "broadcast":
            pass
        if index >= 20:
            samples.append((time.perf_counter() - start) * 1e6)
    await ws.close()
    samples.sort()
    return {"median_us": samples[len(samples) // 2], "p99_us": samples[int(len(samples) * 0.99)]}


if __name__ == "__main__":
    mode, port = sys.argv[1], int(sys.argv[2])
    numbers = [int(value) for value in sys.argv[3:]]
    print(json.dumps(asyncio.run(throughput(port, *numbers) if mode == "throughput" else latency(port, *numbers))), flush=True)
