export function NotFound() {
  return (
    <div className="not-found">
      <h1>Page Not Found</h1>
      <p>We could not find what you were looking for.</p>
      <p>
        If a link brought you here, the page may have moved. Try the <a href="/docs">documentation home</a>, the{' '}
        <a href="/docs/api/globals">list of every API export</a>, or the <a href="/">home page</a>.
      </p>
    </div>
  );
}
