/** A Bootstrap spinner announced to screen readers by its label. */
export function LoadingSpinner({ label }: { label: string }) {
  return (
    <div className="d-flex justify-content-center py-5">
      <div className="spinner-border text-primary" role="status">
        <span className="visually-hidden">{label}</span>
      </div>
    </div>
  );
}
