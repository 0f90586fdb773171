"""A WebSocket server for the tests of Courier's own WebSocket client, written with the
`websockets` package (RFC 6455, nobody here wrote it). It behaves, or misbehaves, by path:

  /echo               sends back every message, text as text, binary as binary
  /fragments          sends "Hello, world" as three fragments, then a binary message of 70,000 bytes
  /ping               pings the client, and sends "pong:<payload>" once the pong came back
  /close/<code>       closes with <code> and the reason "bye"
  /drop               drops the TCP connection without a close frame
  /flood/<n>          sends <n> messages of 1 KiB as fast as the client takes them, then "done"
  /big/<n>            sends one message of <n> bytes
  /malformed          sends a frame with a reserved bit set
  /subprotocol        agrees to the first subprotocol the client offered
  /refuse             answers the upgrade with 403
  /rooms/<id>/socket  a typed room: first a "said" event naming the request's Authorization,
                      apikey and user, then one of a kind the client does not know, then an
                      echo of every message
  /seen               (after the others) "<path> <close code>" for each connection that ended

With `--tls <folder>` it serves wss:// only, with a certificate for localhost and 127.0.0.1
signed by an authority made for this run (trustme), whose certificate it writes to
`<folder>/ca.pem` before it prints its port; the certificate of another authority, for a
client that must refuse it, goes to `<folder>/other-ca.pem`.

Prints its port on the first line of standard output; stops when standard input closes.
"""
import asyncio
import json
import sys
import threading

from websockets.asyncio.server import serve
from websockets.http11 import Response
from websockets.datastructures import Headers

from test_certificates import tls_context

# The close code the server saw for each connection, by path, in order.
seen = []


def refuse(connection, request):
    if request.path == "/refuse":
        return connection.respond(403, "no entry\n")
    if request.path == "/seen":
        body = json.dumps(seen).encode()
        return Response(200, "OK", Headers([("Content-Type", "application/json"), ("Content-Length", str(len(body)))]), body)
    return None


def choose_subprotocol(connection, offered):
    return offered[0] if connection.request.path == "/subprotocol" and offered else None


async def handler(ws):
    path = ws.request.path
    try:
        if path == "/echo" or path == "/subprotocol":
            async for message in ws:
                await ws.send(message)
        elif path == "/fragments":
            await ws.send(["Hello", ", ", "world"])
            await ws.send(bytes(range(256)) * 273 + bytes(112))
            await ws.wait_closed()
        elif path == "/ping":
            waiter = await ws.ping(b"are you there")
            await waiter
            await ws.send("pong:are you there")
            await ws.wait_closed()
        elif path.startswith("/close/"):
            await ws.close(int(path.split("/")[2]), "bye")
        elif path == "/drop":
            ws.transport.abort()
        elif path.startswith("/flood/"):
            for index in range(int(path.split("/")[2])):
                await ws.send(f"{index:08d}" + "x" * 1016)
            await ws.send("done")
            await ws.wait_closed()
        elif path.startswith("/big/"):
            await ws.send("y" * int(path.split("/")[2]))
            await ws.wait_closed()
        elif path.startswith("/rooms/"):
            headers = ws.request.headers
            said = f"{headers.get('Authorization')} {path.split('?', 1)[-1]}"
            await ws.send(json.dumps({"type": "said", "text": said, "at": 1800000000}))
            await ws.send(json.dumps({"type": "presence", "count": 2}))
            async for message in ws:
                await ws.send(message)
        elif path == "/malformed":
            ws.transport.write(bytes([0xC1, 0x01, 0x61]))
            await ws.wait_closed()
    except Exception:
        pass
    finally:
        await ws.wait_closed()
        seen.append(f"{path} {ws.close_code}")


async def main():
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    context = tls_context(sys.argv[sys.argv.index("--tls") + 1]) if "--tls" in sys.argv else None
    async with serve(handler, "127.0.0.1", 0, process_request=refuse, select_subprotocol=choose_subprotocol,
                     max_size=None, ping_interval=None, ssl=context) as server:
        print(server.sockets[0].getsockname()[1], flush=True)
        threading.Thread(target=lambda: (sys.stdin.read(), loop.call_soon_threadsafe(stop.set)), daemon=True).start()
        await stop.wait()


if __name__ == "__main__":
    asyncio.run(main())
