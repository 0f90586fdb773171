"""The local server of the network benchmarks (standard library only, asyncio, HTTP/1.1 with
keep-alive). It answers just fast enough to show the client's own overhead:

  GET  /posts/<id>        {"data": <a post>}, the shape of the Archon API's getPost
  POST /posts             the same post, as createPost answers (its body is read and dropped)
  POST /functions/v1/chat server-sent events in the shape of the Archon chat stream: the request
                          body's "message" is "<count> <interval in ms>"; each event is a delta
                          whose content is "<sequence> <send time>", the send time being
                          time.monotonic_ns() taken just before the event is written.

Prints its port on the first line of standard output; stops when standard input closes.
  bench_server.py [--host ADDRESS] [--tls FOLDER]
serves on ADDRESS (127.0.0.1 by default); with --tls, over TLS with a certificate for ADDRESS
signed by an authority made for the run, whose certificate goes to FOLDER/ca.pem (this needs
trustme, from the .venv that Scripts/test makes)."""
import argparse
import sys
import os
import asyncio
import loopback
import json
import time

POST = json.dumps({"data": {
    "id": 1, "title": "Launch day", "body": "We shipped the new client today. " * 4,
    "author_name": "Ann Example", "like_count": 42, "liked_by_me": False,
    "image_url": "https://cdn.example.com/images/launch.png",
    "created_at": "2026-11-29T10:00:00.123456+00:00"}}).encode()
POST_RESPONSE = (b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: "
                 + str(len(POST)).encode() + b"\r\n\r\n" + POST)
NOT_FOUND = b"HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n"
STREAM_HEAD = (b"HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-cache\r\n"
               b"Connection: close\r\n\r\n")


async def stream_events(writer, body):
    count, interval = (json.loads(body or b"{}").get("message") or "1000 2").split()
    count, interval = int(count), float(interval) / 1000
    writer.write(STREAM_HEAD)
    await writer.drain()
    for sequence in range(count):
        await asyncio.sleep(interval)
        content = f"{sequence} {time.monotonic_ns()}"
        writer.write(f'data: {{"type":"delta","content":"{content}"}}\n\n'.encode())
        await writer.drain()
    writer.write(b'data: {"type":"done"}\n\n')
    await writer.drain()


async def serve(reader, writer):
    try:
        while True:
            head = await reader.readuntil(b"\r\n\r\n")
            lines = head.split(b"\r\n")
            method, path, _ = lines[0].split(b" ", 2)
            length = 0
            close = False
            for line in lines[1:]:
                if line[:15].lower() == b"content-length:":
                    length = int(line[15:])
                elif line.lower().replace(b" ", b"") == b"connection:close":
                    close = True
            body = await reader.readexactly(length) if length else b""
            if (method == b"GET" and path.startswith(b"/posts/")) or (method == b"POST" and path == b"/posts"):
                writer.write(POST_RESPONSE)
                await writer.drain()
                if close:
                    break
            elif method == b"POST" and path == b"/functions/v1/chat":
                await stream_events(writer, body)
                break
            else:
                writer.write(NOT_FOUND)
                await writer.drain()
    except (asyncio.IncompleteReadError, ConnectionError, asyncio.CancelledError):
        pass
    finally:
        writer.close()


def tls_context(folder, host):
    """The test servers' TLS (Tests/Server/test_certificates.py), for a certificate naming `host`."""
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Tests", "Server"))
    import test_certificates
    return test_certificates.tls_context(folder, names=(host,))


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--tls")
    arguments = parser.parse_args()
    tls = tls_context(arguments.tls, arguments.host) if arguments.tls else None
    loopback.run(serve, backlog=256, host=arguments.host, tls=tls)
