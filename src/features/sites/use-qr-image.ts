import { useEffect, useState } from 'react';

/** The QR code of `url` as an SVG image address; the encoder is loaded only when a QR code is shown. */
export function useQrImage(url: string | null): string | null {
  const [image, setImage] = useState<{ readonly url: string; readonly src: string } | null>(null);
  useEffect(() => {
    if (!url) return;
    let current = true;
    import('qrcode')
      .then((qrcode) => qrcode.toString(url, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' }))
      .then((svg) => {
        if (current) setImage({ url, src: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}` });
      })
      .catch((error: unknown) => console.error(error));
    return () => {
      current = false;
    };
  }, [url]);
  return image?.url === url ? image.src : null;
}
