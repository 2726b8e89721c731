import { sitePathForLink } from "@bakery/shared/api-contract";
import { useEffect, useState } from "react";
import { absoluteUrl } from "#app/site-config.ts";
import { buttonClasses } from "#app/ui/button-styles.ts";
import { downloadFile } from "./download-file.ts";
import { type QrImageFormat, qrCodeImage, qrFileName } from "./qr-code-image.ts";

/** How long the outcome stays said: long enough to read, gone before the next download. */
const SAID_FOR_MS = 4000;

const formats: ReadonlyArray<{ format: QrImageFormat; label: string }> = [
  { format: "svg", label: "SVG" },
  { format: "png", label: "PNG" },
];

/**
 * Downloads the QR code of the short link `cat/id`, for print, as SVG or PNG (qr-code-image.ts),
 * saying in a live region that is in the page from the start what happened: the code being
 * made (the first one loads the QR library), the file saved, or why not and that another try
 * may work.
 */
export function LinkQrCode({ cat, id }: { cat: string; id: string }) {
  const path = sitePathForLink(cat, id);
  const [making, setMaking] = useState<QrImageFormat | undefined>();
  const [said, setSaid] = useState("");
  useEffect(() => {
    if (said === "" || making) return;
    const timer = setTimeout(() => setSaid(""), SAID_FOR_MS);
    return () => clearTimeout(timer);
  }, [said, making]);

  async function download(format: QrImageFormat) {
    if (making) return;
    setMaking(format);
    setSaid("Making the QR code…");
    const fileName = qrFileName(cat, id, format);
    try {
      downloadFile(fileName, await qrCodeImage(absoluteUrl(path), format));
      setSaid(`Saved ${fileName}`);
    } catch {
      setSaid("The QR code could not be made: check the connection and try again");
    } finally {
      setMaking(undefined);
    }
  }

  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      {formats.map(({ format, label }) => (
        <button
          key={format}
          type="button"
          onClick={() => void download(format)}
          aria-label={`Download the QR code of ${path} as ${label}`}
          aria-disabled={making !== undefined}
          className={buttonClasses("secondary")}
        >
          {label}
        </button>
      ))}
      <span role="status" aria-live="polite" className="text-cocoa text-sm">
        {said}
      </span>
    </span>
  );
}
