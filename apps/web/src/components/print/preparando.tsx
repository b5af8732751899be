import { ProgressSpinner } from 'primereact/progressspinner';

/** Said at the foot of the screen while a printout clicked for opens a moment later (a parking ticket, a group's bulletins). */
export function Preparando({ texto }: { texto: string }) {
  return (
    <div className="preparando" role="status">
      <ProgressSpinner style={{ width: 20, height: 20 }} strokeWidth="6" aria-hidden /> {texto}
    </div>
  );
}
