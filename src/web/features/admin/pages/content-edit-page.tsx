// /admin/posts/new, /admin/posts/:id, /admin/pages/new, /admin/pages/:id: write, preview, publish.
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import { Link } from '../../../components/ui/link';
import { toast } from '@/web/lib/toast';
import type { z } from 'zod';
import { createContentSchema, type CreateContentInput } from '@/domain/back-office-forms';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent } from '@/web/components/ui/card';
import { errorMessage } from '@/web/lib/api';
import { adminApi, type AdminContent, type ContentKind } from '../admin-api';
import { ConfirmDialog } from '../components/confirm-dialog';
import { CONTENT_LABELS } from '../components/content-labels';
import { CheckboxField, TextArea, TextInput } from '../components/form-field';
import { ImageField, ImageUpload, uploadChosenImage, useImageChoice } from '../components/image-field';
import { QueryState } from '../components/list-states';
import { RecordNotFound, retryUnlessMissing } from '../components/record-not-found';
import { PageHeader } from '../components/page-header';
import { adminSubmit, fieldBinder } from '../hooks/admin-form';
import { TRY_AGAIN, useAdminAction } from '../hooks/use-admin-action';
import { ContentPreview } from './content-preview';

type ContentFormValues = z.input<typeof createContentSchema>;

const FIELDS = ['title', 'slug', 'metaDescription', 'content'] as const;

function ContentEditor({ kind, item }: { kind: ContentKind; item: AdminContent | null }) {
  const labels = CONTENT_LABELS[kind];
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const image = useImageChoice();
  const [preview, setPreview] = useState(false);
  const form = useForm<ContentFormValues, unknown, CreateContentInput>({
    resolver: zodResolver(createContentSchema),
    mode: 'onTouched',
    defaultValues: {
      title: item?.title ?? '',
      slug: item?.slug ?? '',
      metaDescription: item?.metaDescription ?? '',
      content: item?.content ?? '',
      published: item?.published ?? false,
    },
  });
  const field = fieldBinder(form, 'content');

  // The server gets the values as typed and parses them with the same schema.
  const save = async (values: ContentFormValues) => {
    if (item) {
      const { published: _published, ...changes } = values;
      await adminApi.updateContent(kind, item.id, changes);
      toast.success(`${labels.title} saved.`);
    } else {
      const { item: created } = await adminApi.createContent(kind, values);
      if (kind === 'post') await uploadChosenImage(image.file, (file) => adminApi.uploadPostImage(created.id, file), 'post');
      toast.success(`${labels.title} created.`);
      navigate(`${labels.base}/${created.id}`);
    }
    await queryClient.invalidateQueries({ queryKey: ['admin'] });
  };

  const busy = form.formState.isSubmitting;
  const [title, content] = form.watch(['title', 'content']);
  return (
    <div className="grid gap-6 xl:grid-cols-2">
      <Card>
        <CardContent>
          <form
            noValidate
            aria-label={item ? `Edit ${labels.one}` : `New ${labels.one}`}
            className="space-y-4"
            onSubmit={adminSubmit(form, FIELDS, save, `The ${labels.one} could not be saved. Please try again.`)}
          >
            <TextInput label="Title" {...field('title')} />
            <TextInput
              label="Slug (the address)"
              hint={
                item ? `Shown at ${labels.publicPath(item.slug)}. Changing it breaks old links.` : 'Leave empty to make one from the title.'
              }
              {...field('slug')}
            />
            <TextInput
              label="Meta description"
              hint="One or two sentences for search engines and link previews (up to 300 characters)."
              {...field('metaDescription')}
            />
            <TextArea
              label={kind === 'post' ? 'Text' : 'Content (HTML)'}
              rows={14}
              variant={kind === 'page' ? 'code' : 'text'}
              hint={
                kind === 'post'
                  ? 'Plain text. Leave a blank line between paragraphs; any HTML is removed.'
                  : 'Headings (h2–h4), paragraphs, lists, links, images and tables. Scripts, styles and anything unsafe are removed when saved.'
              }
              {...field('content')}
            />
            {!item && (
              <CheckboxField
                id="content-published"
                label="Publish now"
                hint="Otherwise it is saved as a draft."
                {...form.register('published')}
              />
            )}
            {kind === 'post' &&
              (item ? (
                <ImageUpload
                  label="Featured image"
                  currentUrl={item.featuredImage}
                  upload={(file) => adminApi.uploadPostImage(item.id, file)}
                  success="Featured image uploaded."
                />
              ) : (
                <ImageField label="Featured image" currentUrl={null} file={image.file} error={image.error} onFile={image.onFile} />
              ))}
            <div className="flex flex-wrap gap-2">
              <Button type="submit" disabled={busy}>
                {busy ? 'Saving…' : item ? 'Save changes' : `Create ${labels.one}`}
              </Button>
              <Button variant="outline" aria-pressed={preview} onClick={() => setPreview((p) => !p)}>
                {preview ? 'Hide preview' : 'Preview'}
              </Button>
            </div>
          </form>
        </CardContent>
      </Card>
      {preview && <ContentPreview kind={kind} title={title ?? ''} content={content ?? ''} />}
    </div>
  );
}

function PublishControls({ kind, item }: { kind: ContentKind; item: AdminContent }) {
  const labels = CONTENT_LABELS[kind];
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const run = useAdminAction();
  const publish = useMutation({
    mutationFn: (published: boolean) => adminApi.publishContent(kind, item.id, published),
    onSuccess: async ({ item: saved }) => {
      toast.success(saved.published ? `Published at ${labels.publicPath(saved.slug)}.` : 'Unpublished: it is now a draft.');
      await queryClient.invalidateQueries({ queryKey: ['admin'] });
    },
    onError: (err) => toast.error(errorMessage(err, TRY_AGAIN)),
  });
  return (
    <>
      {item.published && (
        <a
          href={labels.publicPath(item.slug)}
          target="_blank"
          rel="noopener noreferrer"
          className="self-center text-sm font-semibold text-brand-700 underline"
        >
          View on the shop<span className="sr-only"> (opens in a new tab)</span>
        </a>
      )}
      <Button variant={item.published ? 'outline' : 'default'} disabled={publish.isPending} onClick={() => publish.mutate(!item.published)}>
        {item.published ? 'Unpublish' : 'Publish'}
      </Button>
      <ConfirmDialog
        trigger={<Button variant="destructive">Delete</Button>}
        title={`Delete “${item.title}”?`}
        description={`The ${labels.one} is removed for good${item.published ? ' and disappears from the shop' : ''}. Unpublish it instead to keep a copy.`}
        confirmLabel="Delete"
        onConfirm={async () => {
          const deleted = await run(
            () => adminApi.deleteContent(kind, item.id),
            `${labels.title} deleted.`,
            'It could not be deleted. Please try again.',
          );
          if (deleted) navigate(labels.base);
          return deleted;
        }}
      />
    </>
  );
}

function EditExisting({ kind, id }: { kind: ContentKind; id: string }) {
  const labels = CONTENT_LABELS[kind];
  const query = useQuery({
    queryKey: ['admin', 'content-item', kind, id],
    queryFn: () => adminApi.content(kind, id),
    retry: retryUnlessMissing,
  });
  const missing = (
    <RecordNotFound title={`${labels.title} not found`} backTo={labels.base} backLabel={`Back to ${labels.plural.toLowerCase()}`} />
  );
  return (
    <QueryState query={query} what={`the ${labels.one}`} notFound={missing}>
      {({ item }) => (
        <>
          <PageHeader
            title={item.title}
            description={
              <span className="flex flex-wrap items-center gap-2">
                <BackTo kind={kind} />
                {item.published ? <Badge tone="success">Published</Badge> : <Badge>Draft</Badge>}
              </span>
            }
            actions={<PublishControls kind={kind} item={item} />}
          />
          <ContentEditor key={item.updatedAt} kind={kind} item={item} />
        </>
      )}
    </QueryState>
  );
}

function BackTo({ kind }: { kind: ContentKind }) {
  const labels = CONTENT_LABELS[kind];
  return (
    <Link to={labels.base} className="text-brand-700 underline">
      Back to {labels.plural.toLowerCase()}
    </Link>
  );
}

export default function ContentEditPage({ kind }: { kind: ContentKind }) {
  const { id } = useParams();
  if (id) return <EditExisting key={id} kind={kind} id={id} />;
  return (
    <>
      <PageHeader title={`New ${CONTENT_LABELS[kind].one}`} description={<BackTo kind={kind} />} />
      <ContentEditor kind={kind} item={null} />
    </>
  );
}
