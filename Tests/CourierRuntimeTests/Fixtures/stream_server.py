"""A tiny loopback HTTP server for the transport tests (standard library only).
Prints its port on the first line of standard output, then serves until killed."""
import http.server, json, signal, sys, time, threading

# The test process blocks signals in its threads and children inherit the mask: unblock
# SIGTERM so that terminating the server works.
signal.pthread_sigmask(signal.SIG_UNBLOCK, [signal.SIGTERM, signal.SIGINT])

class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def send_json(self, status, value, headers=()):
        body = json.dumps(value).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        for name, content in headers:
            self.send_header(name, content)
        self.end_headers()
        self.wfile.write(body)

    def read_body(self):
        length = int(self.headers.get("Content-Length", "0"))
        return self.rfile.read(length) if length else b""

    def echo(self):
        # What arrived: method, path, headers (lower-case names) and body.
        body = self.read_body()
        self.send_json(200, {"method": self.command, "path": self.path, "body": body.decode("latin-1"),
                             "headers": {k.lower(): v for k, v in self.headers.items()}})

    def redirect(self):
        # /redirect/<status>/<target URL, percent-encoded>
        from urllib.parse import unquote
        _, _, status, target = self.path.split("/", 3)
        self.read_body()
        self.send_response(int(status))
        self.send_header("Location", unquote(target))
        self.send_header("Content-Length", "0")
        self.end_headers()

    def do_GET(self):
        if self.path.startswith("/echo"):
            self.echo()
        elif self.path.startswith("/redirect/"):
            self.redirect()
        elif self.path == "/basic":
            self.send_json(401, {"message": "sign in"}, [("WWW-Authenticate", 'Basic realm="api"')])
        elif self.path.startswith("/delay/"):
            time.sleep(float(self.path.split("/")[2]))
            self.send_json(200, {"id": 1})
        elif self.path == "/noisy":
            # Logs four times what an unread pipe holds, then answers.
            sys.stderr.write("a log line of a noisy server\n" * 9_000)
            sys.stderr.flush()
            self.send_json(200, {"id": 1})
        elif self.path == "/json":
            body = json.dumps({"id": 1}).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
        elif self.path.startswith("/events"):
            count = 3 if self.path == "/events" else 10_000
            self.send_response(200)
            self.send_header("Content-Type", "text/event-stream")
            self.send_header("Cache-Control", "no-cache")
            self.send_header("Connection", "close")
            self.end_headers()
            try:
                for i in range(count):
                    self.wfile.write(f"id: {i}\ndata: {{\"id\": {i}}}\n\n".encode())
                    self.wfile.flush()
                    time.sleep(0.4)
            except (BrokenPipeError, ConnectionResetError):
                with Handler.changed:
                    Handler.disconnects += 1
                    Handler.changed.notify_all()
            self.close_connection = True
        elif self.path.startswith("/wait/"):
            # /wait/<counter>: answers once the counter is at least 1 (or after 20 s), so a test
            # waits for the server's signal instead of polling.
            name = self.path.split("/")[2]
            with Handler.changed:
                Handler.changed.wait_for(lambda: getattr(Handler, name) > 0, timeout=20)
            self.send_json(200, {"id": getattr(Handler, name)})
        elif self.path == "/disconnects":
            body = json.dumps({"id": Handler.disconnects}).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
        elif self.path == "/slow":
            with Handler.changed:
                Handler.slow_started += 1
                Handler.changed.notify_all()
            time.sleep(3)
            self.send_response(200)
            self.send_header("Content-Length", "0")
            self.end_headers()
        else:
            self.send_response(404)
            self.send_header("Content-Length", "0")
            self.end_headers()

    def do_PUT(self):
        self.do_POST()

    def do_POST(self):
        if self.path.startswith("/echo"):
            return self.echo()
        if self.path.startswith("/redirect/"):
            return self.redirect()
        if self.path == "/basic":
            self.read_body()
            return self.send_json(401, {"message": "sign in"}, [("WWW-Authenticate", 'Basic realm="api"')])
        # Reads the whole body and answers with its size, for upload tests.
        length = int(self.headers.get("Content-Length", "0"))
        received = 0
        while received < length:
            chunk = self.rfile.read(min(65536, length - received))
            if not chunk:
                break
            received += len(chunk)
        body = json.dumps({"id": received}).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

Handler.disconnects = 0
Handler.slow_started = 0
Handler.changed = threading.Condition()
server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
server.daemon_threads = True
print(server.server_address[1], flush=True)
threading.Thread(target=lambda: (sys.stdin.read(), server.shutdown()), daemon=True).start()
server.serve_forever()
