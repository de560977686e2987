/**
 * The site's content (decision 054), for Comunicação and Coordenação: the weekly schedule
 * of /horarios (schedule-panel.tsx), the notices (notices-panel.tsx, decision 056), the pages'
 * texts (texts-panel.tsx, decision 064), the photos (decision 065) and the contact details
 * (decision 068), each with its versions. Every panel is loaded apart from the staff area's first
 * load, in one chunk (content-panels.ts).
 */
import { lazy, Suspense } from 'react';

const panel = <
  Name extends 'SchedulePanel' | 'NoticesPanel' | 'TextsPanel' | 'PhotosPanel' | 'ContactPanel',
>(
  name: Name,
) => lazy(() => import('./content-panels').then((module) => ({ default: module[name] })));

const SchedulePanel = panel('SchedulePanel');
const NoticesPanel = panel('NoticesPanel');
const TextsPanel = panel('TextsPanel');
const PhotosPanel = panel('PhotosPanel');
const ContactPanel = panel('ContactPanel');

export function ContentPanel() {
  return (
    <>
      <Suspense fallback={<p role="status">Carregando horários…</p>}>
        <SchedulePanel />
      </Suspense>
      <Suspense fallback={<p role="status">Carregando avisos…</p>}>
        <NoticesPanel />
      </Suspense>
      <Suspense fallback={<p role="status">Carregando textos…</p>}>
        <TextsPanel />
      </Suspense>
      <Suspense fallback={<p role="status">Carregando fotos…</p>}>
        <PhotosPanel />
      </Suspense>
      <Suspense fallback={<p role="status">Carregando contato…</p>}>
        <ContactPanel />
      </Suspense>
    </>
  );
}
