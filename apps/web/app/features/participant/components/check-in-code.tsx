/**
 * A place's QR code in 'Minhas inscrições' (decision 097), drawn from the modules the server sends
 * (no QR library in the page), with 'Imprimir QR code': the print then holds this code alone.
 */
import type { CheckInCode as Code } from '@centro/contracts';
import { useId } from 'react';

/** Light modules around the code, as the QR standard asks for a reader to find it. */
const QUIET = 4;

/** One SVG path of every dark module: small, and crisp at any size and on paper. */
function modulesPath(modules: readonly string[]): string {
  let d = '';
  modules.forEach((row, y) => {
    for (let x = 0; x < row.length; x++) {
      if (row[x] === '1') d += `M${x + QUIET} ${y + QUIET}h1v1h-1z`;
    }
  });
  return d;
}

function printThis(element: HTMLElement | null) {
  if (!element) return;
  element.dataset.printing = '';
  document.documentElement.dataset.printingCode = '';
  const done = () => {
    delete element.dataset.printing;
    delete document.documentElement.dataset.printingCode;
  };
  window.addEventListener('afterprint', done, { once: true });
  window.print();
}

export function CheckInCode({ code, title, turma }: { code: Code; title: string; turma?: string }) {
  const id = useId();
  const size = code.modules.length + 2 * QUIET;
  return (
    <details className="participant__qr" id={id}>
      <summary>QR code para a presença</summary>
      <div className="participant__qr-card">
        <p className="participant__qr-title">
          {title}
          {turma && ` (${turma})`}
        </p>
        <svg
          viewBox={`0 0 ${size} ${size}`}
          width="220"
          height="220"
          role="img"
          aria-label={`QR code da inscrição em ${title}`}
          shapeRendering="crispEdges"
        >
          <rect width={size} height={size} fill="#fff" />
          <path d={modulesPath(code.modules)} fill="#000" />
        </svg>
        <p>Mostre este código na entrada de cada encontro para marcar sua presença.</p>
        <button
          type="button"
          className="btn btn-outline participant__qr-print"
          onClick={() => printThis(document.getElementById(id))}
        >
          Imprimir QR code
        </button>
      </div>
    </details>
  );
}
