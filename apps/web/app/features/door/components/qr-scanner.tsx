/**
 * 'Ler QR code' at the door (decision 097): opens the phone's camera in the page and hands each
 * code read to `onCode`, once per code while it stays in front of the camera.
 */
import { useEffect, useRef, useState } from 'react';
import { checkInTexts } from '../check-in';

/** The same code read again within this time is the same person still holding it up. */
const SAME_CODE_MS = 3000;

export function QrScanner({
  disabled,
  onCode,
}: {
  disabled: boolean;
  onCode: (text: string) => void;
}) {
  const [open, setOpen] = useState(false);
  const [failed, setFailed] = useState(false);
  const video = useRef<HTMLVideoElement>(null);
  const handler = useRef(onCode);
  useEffect(() => {
    handler.current = onCode;
  }, [onCode]);

  useEffect(() => {
    const element = video.current;
    if (!open || !element) return;
    let live = true;
    let stop: (() => void) | null = null;
    let last = { text: '', at: 0 };
    // The camera's code (and the decoder it loads) is downloaded only when the camera opens.
    import('../qr-camera')
      .then(({ startCamera }) =>
        startCamera(element, (text) => {
          const now = Date.now();
          if (text === last.text && now - last.at < SAME_CODE_MS) return;
          last = { text, at: now };
          handler.current(text);
        }),
      )
      .then(
        (close) => {
          if (live) stop = close;
          else close();
        },
        () => {
          if (!live) return;
          setFailed(true);
          setOpen(false);
        },
      );
    return () => {
      live = false;
      stop?.();
    };
  }, [open]);

  return (
    <div className="staff__scanner">
      <button
        type="button"
        className="btn btn-primary staff__scan-button"
        disabled={disabled}
        aria-expanded={open}
        onClick={() => {
          setFailed(false);
          setOpen((o) => !o);
        }}
      >
        {open ? checkInTexts.close : checkInTexts.scan}
      </button>
      {failed && <p role="alert">{checkInTexts.noCamera}</p>}
      {open && (
        <div className="staff__camera">
          <video ref={video} muted playsInline aria-label={checkInTexts.pointAt} />
          <p>{checkInTexts.pointAt}</p>
        </div>
      )}
    </div>
  );
}
