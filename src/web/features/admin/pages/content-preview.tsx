// The preview shows the body exactly as it will be stored and shown: a post as the storefront's
// plain paragraphs (cleaned here with the same rule as the server), a page as the server's
// sanitised HTML after the storefront's own browser pass.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { plainTextBody } from '@/domain/plain-text-body';
import { paragraphs } from '@/domain/text';
import { purifyPageHtml } from '../../content/purify-page-html';
import { adminApi, type ContentKind } from '../admin-api';
import { ErrorState, LoadingRows } from '../components/list-states';

export function ContentPreview({ kind, title, content }: { kind: ContentKind; title: string; content: string }) {
  // Pages are sanitised by the server: ask once typing pauses, not on every key.
  const [settled, setSettled] = useState(content);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(content), 400);
    return () => clearTimeout(timer);
  }, [content]);
  const html = useQuery({
    queryKey: ['admin', 'preview', settled],
    queryFn: () => adminApi.previewHtml(settled),
    enabled: kind === 'page',
    placeholderData: keepPreviousData,
  });
  const pageHtml = useMemo(() => (html.data ? purifyPageHtml(html.data.html) : ''), [html.data]);
  return (
    <section aria-labelledby="preview-heading" className="rounded-lg border border-slate-200 bg-white p-6">
      <p id="preview-heading" className="mb-4 text-xs font-semibold uppercase tracking-wide text-slate-600">
        Preview
      </p>
      <p className="mb-4 text-2xl font-bold text-slate-900">{title || 'Untitled'}</p>
      {kind === 'post' ? (
        <div className="space-y-4 text-slate-800" data-testid="preview-body">
          {paragraphs(plainTextBody(content)).map((p, i) => (
            <p key={i}>{p}</p>
          ))}
        </div>
      ) : html.isPending ? (
        <LoadingRows rows={3} label="Loading the preview" />
      ) : html.isError ? (
        <ErrorState error={html.error} onRetry={() => void html.refetch()} what="the preview" />
      ) : (
        // Sanitised by the server with the storefront's allow-list (the same HTML that is stored), then
        // by the storefront's own browser pass, so the preview is what a visitor's browser shows.
        <div
          className="space-y-3 text-slate-800 [&_a]:text-brand-700 [&_a]:underline [&_h2]:text-xl [&_h2]:font-bold [&_h3]:font-semibold [&_li]:ml-5 [&_ul]:list-disc"
          data-testid="preview-body"
          dangerouslySetInnerHTML={{ __html: pageHtml }}
        />
      )}
    </section>
  );
}
