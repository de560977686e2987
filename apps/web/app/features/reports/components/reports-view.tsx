/**
 * 'Relatórios' (Coordenação): how a year's classes went. Places taken against places offered per
 * class, enrolments per hour after a class's opening, attendance per meeting, completion per class,
 * course and year, and the waiting list's length over time; each chart with its figures as a table
 * beside it, downloadable as CSV, and the page printable. Loaded only when opened (the staff area
 * lazy-loads it), with the chart library.
 */
import type { StaffReports } from '@centro/contracts';
import { useCallback, useId, useMemo, useState, type ReactNode } from 'react';
import { useApi } from '~/auth/use-api';
import { LoadFailed } from '~/components/staff/load-failed';
import { useLoad } from '~/lib/use-load';
import { fetchReports } from '../api/get-reports';
import {
  attendanceTable,
  classLabel,
  completionTable,
  openingTable,
  placesTable,
  type ReportTable,
  waitingTable,
} from '../report-tables';
import { CHART_COLOURS, ReportChart, type ReportChartProps } from './report-chart';
import { ReportTableView } from './report-table';
import '../reports.css';

export default function ReportsView() {
  const call = useApi();
  const [year, setYear] = useState<number | null>(null);
  const reports = useLoad(
    useCallback(() => call((token) => fetchReports(year, token)), [call, year]),
    'Reports: loading',
  );
  if (reports.state === 'loading') return <p role="status">Carregando relatórios…</p>;
  if (reports.state === 'failed') {
    return (
      <LoadFailed
        message="Não foi possível carregar os relatórios. Tente novamente."
        onRetry={() => void reports.reload()}
      />
    );
  }
  return <Reports reports={reports.data} onYear={setYear} />;
}

function Reports({ reports, onYear }: { reports: StaffReports; onYear: (year: number) => void }) {
  const id = useId();
  const busiest = [...reports.classes].sort((a, b) => b.taken - a.taken)[0];
  const [chosenId, setChosenId] = useState<string | null>(null);
  const chosen = reports.classes.find((c) => c.id === chosenId) ?? busiest;
  const places = useMemo(() => placesTable(reports), [reports]);

  return (
    <section className="reports" aria-labelledby={`${id}-title`}>
      <div className="reports__head">
        <h2 id={`${id}-title`}>Relatórios de {reports.year}</h2>
        <div className="reports__controls">
          <label htmlFor={`${id}-year`}>Ano</label>
          <select
            id={`${id}-year`}
            value={reports.year}
            onChange={(event) => onYear(Number(event.target.value))}
          >
            {(reports.years.length > 0 ? reports.years : [reports.year]).map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </select>
          <button type="button" className="btn btn-outline" onClick={() => window.print()}>
            Imprimir
          </button>
        </div>
      </div>
      {reports.classes.length === 0 ? (
        <p>Nenhuma turma em {reports.year}.</p>
      ) : (
        <>
          <Report
            table={places}
            chart={{
              kind: 'bar',
              horizontal: true,
              label: 'Gráfico de barras: vagas e inscritos de cada turma',
              labels: reports.classes.map(classLabel),
              series: [
                {
                  label: 'Vagas',
                  data: reports.classes.map((c) => c.places),
                  colour: CHART_COLOURS.sky,
                },
                {
                  label: 'Inscritos',
                  data: reports.classes.map((c) => c.taken),
                  colour: CHART_COLOURS.blue,
                },
              ],
            }}
          />
          <div className="reports__class">
            <label htmlFor={`${id}-class`}>Turma dos relatórios abaixo</label>
            <select
              id={`${id}-class`}
              value={chosen?.id}
              onChange={(event) => setChosenId(event.target.value)}
            >
              {reports.classes.map((c) => (
                <option key={c.id} value={c.id}>
                  {classLabel(c)}
                </option>
              ))}
            </select>
          </div>
          {chosen && <ClassReports reports={reports} chosen={chosen} />}
          <Completion reports={reports} />
        </>
      )}
    </section>
  );
}

function ClassReports({
  reports,
  chosen,
}: {
  reports: StaffReports;
  chosen: StaffReports['classes'][number];
}) {
  const opening = useMemo(() => openingTable(reports, chosen), [reports, chosen]);
  const attendance = useMemo(() => attendanceTable(reports, chosen), [reports, chosen]);
  const waiting = useMemo(() => waitingTable(reports, chosen), [reports, chosen]);
  const sheet = reports.attendance.find((a) => a.classId === chosen.id);
  return (
    <>
      <Report
        heading="Inscrições na abertura"
        empty="Esta turma não tem data de abertura das inscrições."
        table={opening}
        chart={
          opening && {
            kind: 'bar',
            label: 'Gráfico de barras: inscrições em cada hora depois da abertura',
            labels: opening.rows.map((r) => String(r[0]).replace('ª hora', 'ª')),
            series: [
              {
                label: 'Inscrições',
                data: opening.rows.map((r) => Number(r[1])),
                colour: CHART_COLOURS.blue,
              },
            ],
          }
        }
      />
      <Report
        heading="Presença por encontro"
        empty="Ainda não há presença marcada nesta turma."
        table={attendance}
        chart={
          sheet && {
            kind: 'bar',
            stacked: true,
            label: 'Gráfico de barras: presentes e ausentes em cada encontro',
            labels: sheet.meetings.map((m) => `${m.meeting}º`),
            series: [
              {
                label: 'Presentes',
                data: sheet.meetings.map((m) => m.present),
                colour: CHART_COLOURS.green,
              },
              {
                label: 'Ausentes',
                data: sheet.meetings.map((m) => m.absent),
                colour: CHART_COLOURS.gold,
              },
            ],
          }
        }
      />
      <Report
        heading="Lista de espera"
        empty="Ninguém entrou na lista de espera desta turma."
        table={waiting}
        chart={
          waiting && {
            kind: 'line',
            label: 'Gráfico de linha: pessoas na lista de espera a cada dia',
            labels: waiting.rows.map((r) => String(r[0]).slice(0, 5)),
            series: [
              {
                label: 'Pessoas na lista',
                data: waiting.rows.map((r) => Number(r[1])),
                colour: CHART_COLOURS.blue,
              },
            ],
          }
        }
      />
    </>
  );
}

function Completion({ reports }: { reports: StaffReports }) {
  const byCourse = useMemo(() => completionTable(reports, 'byCourse'), [reports]);
  const byClass = useMemo(() => completionTable(reports, 'byClass'), [reports]);
  const byYear = useMemo(() => completionTable(reports, 'byYear'), [reports]);
  if (reports.completion.byClass.length === 0) {
    return (
      <Report
        heading="Conclusão"
        empty={`Nenhuma turma de ${reports.year} foi encerrada ainda.`}
        table={null}
        chart={null}
      />
    );
  }
  return (
    <>
      <Report
        table={byCourse}
        chart={{
          kind: 'bar',
          stacked: true,
          horizontal: true,
          label: 'Gráfico de barras: quantos concluíram e quantos não concluíram cada curso',
          labels: reports.completion.byCourse.map((c) => c.label),
          series: [
            {
              label: 'Concluíram',
              data: reports.completion.byCourse.map((c) => c.completed),
              colour: CHART_COLOURS.green,
            },
            {
              label: 'Não concluíram',
              data: reports.completion.byCourse.map((c) => c.notCompleted),
              colour: CHART_COLOURS.gold,
            },
          ],
        }}
      />
      <ReportTableView table={byClass} />
      <ReportTableView table={byYear} />
    </>
  );
}

/** One report: its heading, its chart and its table, or a sentence when it has no figures. */
function Report({
  heading,
  empty,
  table,
  chart,
}: {
  heading?: string;
  empty?: string;
  table: ReportTable | null;
  chart: ReportChartProps | null | undefined;
}): ReactNode {
  const id = useId();
  return (
    <section className="reports__report" aria-labelledby={id}>
      <h3 id={id}>{heading ?? table?.title}</h3>
      {table && chart ? (
        <>
          <ReportChart {...chart} />
          <ReportTableView table={table} />
        </>
      ) : (
        <p>{empty}</p>
      )}
    </section>
  );
}
