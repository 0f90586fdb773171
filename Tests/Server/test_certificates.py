"""TLS for the test servers: a certificate for localhost and 127.0.0.1 (or the names given) signed
by an authority made for this run (trustme). The authority's certificate goes to `<folder>/ca.pem` for the client to
trust, another authority's to `<folder>/other-ca.pem` for a client that must refuse the server."""
import os
import ssl

import trustme


def tls_context(folder, names=("localhost", "127.0.0.1")):
    authority = trustme.CA()
    authority.cert_pem.write_to_path(os.path.join(folder, "ca.pem"))
    trustme.CA().cert_pem.write_to_path(os.path.join(folder, "other-ca.pem"))
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    authority.issue_cert(*names).configure_cert(context)
    return context
