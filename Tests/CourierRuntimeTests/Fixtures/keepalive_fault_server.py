"""A raw-socket HTTP/1.1 server (standard library only) that kills kept-alive connections.

Every request is counted by method and path once its body has been read: that is when a real
server would act on it. Then:
- /drop/...: on a connection's first request, answered; on a later request of the same
  (kept-alive) connection, the connection is closed without an answer, as a server does when
  its keep-alive timeout and the request cross;
- /dead/...: never answered; the connection is closed;
- /stats: the counts as JSON ({"POST /drop/orders": 1, ...}), not counted itself; a request with
  an Idempotency-Key is counted under "KEY <key>" too, and a request whose connection ended before
  the whole of its declared body came under "INCOMPLETE".
An answer says which request it answers: {"id": its count, "bodyBytes": the body's length, "key":
its Idempotency-Key, "transferEncoding": its Transfer-Encoding}.
A request with `Connection: close` is answered with it and its connection closed.
Prints its port on the first line of standard output, then serves until standard input closes.
"""
import json, signal, socket, sys, threading

signal.pthread_sigmask(signal.SIG_UNBLOCK, [signal.SIGTERM, signal.SIGINT])

counts = {}
lock = threading.Lock()


def read_request(stream):
    line = stream.readline()
    if not line:
        return None
    method, target, _ = line.decode("latin-1").split(" ", 2)
    headers = {}
    while True:
        header = stream.readline().decode("latin-1")
        if header in ("\r\n", "\n", ""):
            break
        name, _, value = header.partition(":")
        headers[name.strip().lower()] = value.strip()
    length = int(headers.get("content-length", "0"))
    body = stream.read(length) if length else b""
    if len(body) < length:
        with lock:
            counts["INCOMPLETE"] = counts.get("INCOMPLETE", 0) + 1
        return None
    return method, target, headers, body


def answer(connection, status, value, close):
    body = json.dumps(value).encode()
    head = f"HTTP/1.1 {status} OK\r\nContent-Type: application/json\r\nContent-Length: {len(body)}\r\n"
    head += "Connection: close\r\n" if close else "Connection: keep-alive\r\n"
    connection.sendall(head.encode() + b"\r\n" + body)


def serve(connection):
    stream = connection.makefile("rb")
    try:
        index = 0
        while True:
            request = read_request(stream)
            if request is None:
                return
            method, target, headers, body = request
            close = headers.get("connection", "").lower() == "close"
            if target == "/stats":
                with lock:
                    answer(connection, 200, counts, close)
            else:
                key = f"{method} {target}"
                idempotency_key = headers.get("idempotency-key")
                with lock:
                    counts[key] = counts.get(key, 0) + 1
                    count = counts[key]
                    if idempotency_key is not None:
                        counts[f"KEY {idempotency_key}"] = counts.get(f"KEY {idempotency_key}", 0) + 1
                if target.startswith("/dead/") or (target.startswith("/drop/") and index > 0):
                    return
                answer(connection, 200, {"id": count, "bodyBytes": len(body), "key": idempotency_key,
                                         "transferEncoding": headers.get("transfer-encoding")}, close)
            index += 1
            if close:
                return
    except (ConnectionError, ValueError):
        return
    finally:
        try:
            connection.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
        connection.close()


listener = socket.socket()
listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
listener.bind(("127.0.0.1", 0))
listener.listen(64)
print(listener.getsockname()[1], flush=True)


def accept():
    while True:
        connection, _ = listener.accept()
        threading.Thread(target=serve, args=(connection,), daemon=True).start()


threading.Thread(target=accept, daemon=True).start()
sys.stdin.read()
