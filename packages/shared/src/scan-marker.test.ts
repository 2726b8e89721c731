import { describe, expect, it } from "vitest";
import { isScanQuery, SCAN_MARKER, SCAN_QUERY, scanAddress } from "./scan-marker.ts";

describe("the QR code's scan marker", () => {
  it("is written out the same in its query form and its parts", () => {
    expect(SCAN_QUERY).toBe(`${SCAN_MARKER.name}=${SCAN_MARKER.value}`);
    expect(isScanQuery(`?${SCAN_QUERY}`)).toBe(true);
  });

  it("is added to the link's full address, and recognised in its query", () => {
    const address = scanAddress("https://rise.example/to/promo/spring");
    expect(address).toBe("https://rise.example/to/promo/spring?qr=1");
    expect(isScanQuery(new URL(address).search)).toBe(true);
  });

  it.each(["", "?", "?qr=0", "?qr=", "?QR=1", "?utm_source=qr"])("is not in %j", (search) => {
    expect(isScanQuery(search)).toBe(false);
  });

  it("is found among other parameters", () => {
    expect(isScanQuery("?utm_source=x&qr=1")).toBe(true);
  });
});
