package dev.fluxlab.model.http;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

class HttpUrlTest {

    @Test
    void splitsWhereTheRequestLineSeesIt() {
        assertEquals("http://127.0.0.1:8080", HttpUrl.origin("http://127.0.0.1:8080/json?n=1"));
        assertEquals("/json?n=1", HttpUrl.pathAndQuery("http://127.0.0.1:8080/json?n=1"));
        assertEquals("https://[::1]:8443", HttpUrl.origin("https://[::1]:8443/a/b"));
        assertEquals("/a/b", HttpUrl.pathAndQuery("https://[::1]:8443/a/b"));
        assertEquals("http://127.0.0.1:8080", HttpUrl.origin("http://127.0.0.1:8080"));
        assertEquals("/", HttpUrl.pathAndQuery("http://127.0.0.1:8080"));
        assertEquals("/x", HttpUrl.pathAndQuery("127.0.0.1:80/x"), "a hand-edited target without a scheme");
        // a query right after the authority: the request line sends it behind '/', it is not lost
        assertEquals("http://127.0.0.1:8080", HttpUrl.origin("http://127.0.0.1:8080?n=1"));
        assertEquals("/?n=1", HttpUrl.pathAndQuery("http://127.0.0.1:8080?n=1"));
        assertEquals("/?a=/b", HttpUrl.pathAndQuery("http://127.0.0.1:8080?a=/b"), "a '/' in the query is not the path");
    }
}
