/**
 * Reading QR codes with the phone's camera, in the browser (decision 097): the browser's own
 * `BarcodeDetector` where it has one for QR codes, else jsQR, downloaded only when the camera is
 * opened (a chunk of its own, out of every page's first load).
 */

/** The part of the Shape Detection API used here (not yet in TypeScript's DOM types). */
interface BarcodeDetectorLike {
  detect(source: CanvasImageSource): Promise<{ rawValue: string }[]>;
}
interface BarcodeDetectorClass {
  new (options: { formats: string[] }): BarcodeDetectorLike;
  getSupportedFormats(): Promise<string[]>;
}

type Decode = (video: HTMLVideoElement) => Promise<string | null>;

/** A frame is looked at about five times a second: enough at a door, light on a phone's battery. */
const INTERVAL_MS = 200;
/** Frames are scaled to this width before jsQR looks at them. */
const FRAME_WIDTH = 480;

async function nativeDecoder(): Promise<Decode | null> {
  const Detector = (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  if (!Detector) return null;
  try {
    if (!(await Detector.getSupportedFormats()).includes('qr_code')) return null;
    const detector = new Detector({ formats: ['qr_code'] });
    return async (video) => (await detector.detect(video))[0]?.rawValue ?? null;
  } catch {
    return null;
  }
}

async function jsQrDecoder(): Promise<Decode> {
  const { default: jsQR } = await import('jsqr');
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  return (video) => {
    if (!context || video.videoWidth === 0) return Promise.resolve(null);
    const scale = Math.min(1, FRAME_WIDTH / video.videoWidth);
    canvas.width = Math.round(video.videoWidth * scale);
    canvas.height = Math.round(video.videoHeight * scale);
    context.drawImage(video, 0, 0, canvas.width, canvas.height);
    const frame = context.getImageData(0, 0, canvas.width, canvas.height);
    return Promise.resolve(jsQR(frame.data, frame.width, frame.height)?.data ?? null);
  };
}

/**
 * Opens the back camera into `video` and calls `onCode` with each code read; the returned function
 * closes the camera. Rejects when the camera cannot be opened (refused, absent, not a secure page).
 */
export async function startCamera(
  video: HTMLVideoElement,
  onCode: (text: string) => void,
): Promise<() => void> {
  const stream = await navigator.mediaDevices.getUserMedia({
    video: { facingMode: 'environment' },
    audio: false,
  });
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stop = () => {
    stopped = true;
    clearTimeout(timer);
    for (const track of stream.getTracks()) track.stop();
    video.srcObject = null;
  };
  try {
    video.srcObject = stream;
    await video.play();
    const decode = (await nativeDecoder()) ?? (await jsQrDecoder());
    const look = async () => {
      if (stopped) return;
      const text = await decode(video).catch(() => null);
      if (text && !stopped) onCode(text);
      if (!stopped) timer = setTimeout(() => void look(), INTERVAL_MS);
    };
    void look();
  } catch (error) {
    stop();
    throw error;
  }
  return stop;
}
