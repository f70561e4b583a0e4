import { BarcodeDetector as ZxingBarcodeDetector, setZXingModuleOverrides } from 'barcode-detector/ponyfill';
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';

/**
 * Reads QR codes from the camera's frames or a photo (decision 0012): the browser's own Barcode Detection API where
 * it reads QR codes (Chrome on Android), else ZXing-C++ compiled to WebAssembly (barcode-detector's ponyfill), its
 * `.wasm` served by us — the package's default is a CDN, which neither the CSP nor an offline hall allows.
 */
setZXingModuleOverrides({ locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path) });

type Detector = { detect(source: ImageBitmapSource): Promise<{ rawValue: string }[]> };

let detector: Promise<Detector> | null = null;

async function makeDetector(): Promise<Detector> {
  const native = (globalThis as { BarcodeDetector?: typeof ZxingBarcodeDetector }).BarcodeDetector;
  if (native) {
    try {
      if ((await native.getSupportedFormats()).includes('qr_code')) return new native({ formats: ['qr_code'] });
    } catch {
      // A detector that cannot say what it reads: ZXing below.
    }
  }
  return new ZxingBarcodeDetector({ formats: ['qr_code'] });
}

/** The texts of the QR codes in an image, a video frame or a photo (empty when none is readable). */
export async function readQrCodes(source: ImageBitmapSource): Promise<string[]> {
  detector ??= makeDetector();
  const found = await (await detector).detect(source);
  return found.map((code) => code.rawValue);
}

/** Where the camera may be used: a secure context (https, or localhost) with media devices. */
export function cameraAvailable(): boolean {
  return window.isSecureContext && typeof navigator.mediaDevices?.getUserMedia === 'function';
}
