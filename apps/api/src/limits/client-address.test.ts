import { describe, expect, it } from "vitest";
import { clientAddress, rateLimitKey } from "./client-address.ts";

describe("clientAddress", () => {
  it("is the connection's peer when no proxy is trusted, whatever the header says", () => {
    expect(clientAddress("203.0.113.5", undefined, 0)).toBe("203.0.113.5");
    expect(clientAddress("203.0.113.5", "1.2.3.4", 0)).toBe("203.0.113.5");
  });

  it("with one trusted proxy, is the right-most X-Forwarded-For entry", () => {
    expect(clientAddress("10.0.0.2", "198.51.100.7", 1)).toBe("198.51.100.7");
    // The client wrote "1.1.1.1" itself; our proxy appended what it saw.
    expect(clientAddress("10.0.0.2", "1.1.1.1, 198.51.100.7", 1)).toBe("198.51.100.7");
  });

  it("with two trusted proxies, skips the inner proxy's entry", () => {
    expect(clientAddress("10.0.0.2", "1.1.1.1, 198.51.100.7, 10.0.0.9", 2)).toBe("198.51.100.7");
  });

  it("uses the furthest address it has when the header is shorter than the proxy count", () => {
    expect(clientAddress("10.0.0.2", "198.51.100.7", 3)).toBe("198.51.100.7");
    expect(clientAddress("10.0.0.2", undefined, 1)).toBe("10.0.0.2");
    expect(clientAddress("10.0.0.2", " , ", 1)).toBe("10.0.0.2");
  });

  it("falls back to the peer when the trusted entry is not an IP address", () => {
    expect(clientAddress("10.0.0.2", "<script>", 1)).toBe("10.0.0.2");
    expect(clientAddress("10.0.0.2", "unknown", 1)).toBe("10.0.0.2");
  });

  it("is 'unknown' when the runtime gives no address at all", () => {
    expect(clientAddress(undefined, undefined, 0)).toBe("unknown");
  });
});

describe("rateLimitKey", () => {
  it("keeps IPv4 addresses, unwrapping IPv4-mapped IPv6", () => {
    expect(rateLimitKey("192.0.2.1")).toBe("192.0.2.1");
    expect(rateLimitKey("::ffff:192.0.2.1")).toBe("192.0.2.1");
  });

  it("groups IPv6 addresses by their /64 network", () => {
    expect(rateLimitKey("2001:db8:85a3:8d3:1319:8a2e:370:7348")).toBe("2001:db8:85a3:8d3::/64");
    expect(rateLimitKey("2001:DB8:85A3:08D3::1")).toBe("2001:db8:85a3:8d3::/64");
    expect(rateLimitKey("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(rateLimitKey("::1")).toBe("0:0:0:0::/64");
  });
});
