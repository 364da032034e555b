import { useEffect, useRef, useState } from 'react';
import { Button } from '../../ui/button';
import { homeText } from './strings';

interface DetectedBarcode {
  readonly rawValue: string;
}

interface BarcodeDetectorLike {
  detect(source: HTMLVideoElement): Promise<DetectedBarcode[]>;
}

type BarcodeDetectorConstructor = new (options: { formats: string[] }) => BarcodeDetectorLike;

const scanEveryMs = 250;

/** The Shape Detection API where the browser has it (Chrome on Android); iOS Safari and Firefox do not. */
function barcodeDetector(): BarcodeDetectorConstructor | null {
  const candidate = (globalThis as { BarcodeDetector?: BarcodeDetectorConstructor }).BarcodeDetector;
  const hasCamera = typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getUserMedia === 'function';
  return candidate && hasCamera ? candidate : null;
}

export const canScanQrCodes = (): boolean => barcodeDetector() !== null;

export interface QrScannerProps {
  /** Each code read; answer true to stop scanning (the code was used). */
  readonly onCode: (text: string) => boolean;
}

/** A live camera view that reads QR codes with the browser's BarcodeDetector; the camera stops when done or left. */
export function QrScanner({ onCode }: QrScannerProps) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [cameraOn, setCameraOn] = useState(false);
  const [scanning, setScanning] = useState(false);
  const [denied, setDenied] = useState(false);
  const onCodeRef = useRef(onCode);
  useEffect(() => {
    onCodeRef.current = onCode;
  }, [onCode]);

  useEffect(() => {
    const Detector = barcodeDetector();
    if (!cameraOn || !Detector) return;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const detector = new Detector({ formats: ['qr_code'] });

    const scan = async () => {
      const video = videoRef.current;
      if (stopped || !video) return;
      try {
        const codes = video.readyState >= 2 ? await detector.detect(video) : [];
        if (codes.some((code) => onCodeRef.current(code.rawValue))) {
          setCameraOn(false);
          return;
        }
      } catch (error) {
        console.error(error);
      }
      if (!stopped) timer = setTimeout(() => void scan(), scanEveryMs);
    };

    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'environment' }, audio: false })
      .then(async (media) => {
        stream = media;
        if (stopped || !videoRef.current) return;
        videoRef.current.srcObject = media;
        await videoRef.current.play();
        setScanning(true);
        void scan();
      })
      .catch((error: unknown) => {
        console.error(error);
        if (stopped) return;
        setDenied(true);
        setCameraOn(false);
      });

    return () => {
      stopped = true;
      clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
      setScanning(false);
    };
  }, [cameraOn]);

  if (!canScanQrCodes()) return <p className="scanner-note">{homeText.cameraUnsupported}</p>;
  const toggle = () => {
    setDenied(false);
    setCameraOn((on) => !on);
  };
  return (
    <div className="scanner" data-state={scanning ? 'scanning' : cameraOn ? 'starting' : 'idle'}>
      <div className="scanner-view" hidden={!cameraOn}>
        <video ref={videoRef} className="scanner-video" muted playsInline aria-label={homeText.scanning} />
        <span className="scanner-frame" aria-hidden="true" />
      </div>
      {cameraOn ? (
        <p className="scanner-note" role="status">
          {homeText.scanning}
        </p>
      ) : null}
      {denied ? (
        <p className="scanner-note" role="alert">
          {homeText.cameraDenied}
        </p>
      ) : null}
      <Button size="lg" variant={cameraOn ? 'secondary' : 'accent'} className="scanner-button" onClick={toggle}>
        {cameraOn ? homeText.stopScan : homeText.scan}
      </Button>
    </div>
  );
}
