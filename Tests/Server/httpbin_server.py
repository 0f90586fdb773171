"""httpbin (https://httpbin.org) served on a free loopback port for Courier's live tests.

Usage: python httpbin_server.py  (prints its port on the first line of stdout, and stops when
standard input closes, so a test that dies leaves nothing running).
"""
import logging
import sys
import threading

from werkzeug.serving import make_server

logging.getLogger("werkzeug").setLevel(logging.ERROR)
logging.getLogger("httpbin").setLevel(logging.ERROR)

from httpbin import app  # noqa: E402  (after the loggers are quiet)


def main():
    server = make_server("127.0.0.1", 0, app, threaded=True)
    print(server.server_port, flush=True)
    threading.Thread(target=lambda: (sys.stdin.read(), server.shutdown()), daemon=True).start()
    server.serve_forever()


if __name__ == "__main__":
    main()
