/**
 * A Bootstrap spinner announced to screen readers by its label; with `labelShown`, the label is
 * written beside it too, for a wait long enough to read (the applicant's link opening).
 */
export function LoadingSpinner({
  label,
  labelShown = false,
}: {
  label: string;
  labelShown?: boolean;
}) {
  return (
    <div className="d-flex justify-content-center align-items-center gap-3 py-5" role="status">
      <div className="spinner-border text-primary" aria-hidden="true" />
      <span className={labelShown ? undefined : 'visually-hidden'}>{label}</span>
    </div>
  );
}
