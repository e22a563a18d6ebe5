import { useMySupportRequests } from '../api/support';

const dateTime = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short' });

function When({ at }: { at: string }) {
  return <time dateTime={at}>{dateTime.format(new Date(at))}</time>;
}

/** Settings → Help & support: the questions this person sent, and support's answers. */
export function MySupportRequests() {
  const { data, isError } = useMySupportRequests();
  if (isError) {
    return <p role="alert">We could not load your questions right now. Please try again later.</p>;
  }
  const items = data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="my-support-requests" className="flex flex-col gap-3">
      <h3 id="my-support-requests" className="text-lg font-semibold">
        Your questions
      </h3>
      <ul className="flex flex-col gap-3">
        {items.map((request) => (
          <li
            key={request.id}
            className="rounded-lg border border-slate-200 p-3 dark:border-slate-700"
          >
            <p className="font-medium">{request.subject}</p>
            <p className="text-sm text-slate-600 dark:text-slate-300">
              Asked <When at={request.createdAt} /> · reference {request.id} ·{' '}
              {request.answer ? 'Answered' : 'Waiting for an answer'}
            </p>
            {request.answer && (
              <div className="mt-2 rounded-lg bg-emerald-50 p-2 text-slate-800 dark:bg-emerald-950 dark:text-slate-100">
                <p className="text-sm font-medium">
                  Support answered <When at={request.answer.answeredAt} />:
                </p>
                <p className="whitespace-pre-wrap">{request.answer.text}</p>
              </div>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
