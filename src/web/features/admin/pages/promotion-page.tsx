// /admin/promotions/new and /admin/promotions/:id: the promotion form, and deactivate / activate again.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { Link } from '../../../components/ui/link';
import { toast } from '@/web/lib/toast';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent } from '@/web/components/ui/card';
import { adminApi, type AdminPromotion, type PromotionBody } from '../admin-api';
import { ConfirmDialog } from '../components/confirm-dialog';
import { QueryState } from '../components/list-states';
import { RecordNotFound, retryUnlessMissing } from '../components/record-not-found';
import { PageHeader } from '../components/page-header';
import { useAdminAction } from '../hooks/use-admin-action';
import { PromotionForm } from './promotion-form';

const backToPromotions = (
  <Link to="/admin/promotions" className="text-brand-700 underline">
    Back to promotions
  </Link>
);

function useChoices() {
  return useQuery({ queryKey: ['admin', 'promotion-choices'], queryFn: () => adminApi.promotionChoices() });
}

function NewPromotion() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const choices = useChoices();
  const save = async (body: PromotionBody) => {
    const { promotion } = await adminApi.createPromotion(body);
    await queryClient.invalidateQueries({ queryKey: ['admin'] });
    toast.success(`${promotion.code ?? promotion.name} was created.`);
    navigate('/admin/promotions');
  };
  return (
    <>
      <PageHeader title="New promotion" description={backToPromotions} />
      <Card>
        <CardContent>
          <PromotionForm promotion={null} choices={choices.data} onSave={save} submitLabel="Create promotion" />
        </CardContent>
      </Card>
    </>
  );
}

function ActiveButton({ promotion }: { promotion: AdminPromotion }) {
  const run = useAdminAction();
  const label = promotion.code ?? promotion.name;
  return (
    <ConfirmDialog
      trigger={<Button variant={promotion.active ? 'destructive' : 'outline'}>{promotion.active ? 'Deactivate' : 'Activate again'}</Button>}
      title={promotion.active ? `Deactivate ${label}?` : `Activate ${label} again?`}
      description={
        promotion.active
          ? 'New orders can no longer have it. Orders that already have it keep their discount.'
          : 'New orders can have it again, within its window and limits.'
      }
      confirmLabel={promotion.active ? 'Deactivate' : 'Activate'}
      confirmVariant={promotion.active ? 'destructive' : 'default'}
      onConfirm={() =>
        run(
          () => adminApi.setPromotionActive(promotion.id, !promotion.active),
          promotion.active ? `${label} is deactivated.` : `${label} is active again.`,
        )
      }
    />
  );
}

function EditPromotion({ promotion }: { promotion: AdminPromotion }) {
  const queryClient = useQueryClient();
  const choices = useChoices();
  const save = async (body: PromotionBody) => {
    await adminApi.updatePromotion(promotion.id, body);
    await queryClient.invalidateQueries({ queryKey: ['admin'] });
    toast.success('Promotion saved.');
  };
  return (
    <>
      <PageHeader
        title={promotion.code ?? promotion.name}
        description={
          <span className="flex flex-wrap items-center gap-2">
            {backToPromotions}
            {promotion.active ? <Badge tone="success">Active</Badge> : <Badge>Deactivated</Badge>}
            <span className="text-sm text-slate-700">
              Used {promotion.uses} {promotion.uses === 1 ? 'time' : 'times'}
            </span>
          </span>
        }
        actions={<ActiveButton promotion={promotion} />}
      />
      <Card>
        <CardContent>
          <PromotionForm
            key={promotion.updatedAt}
            promotion={promotion}
            choices={choices.data}
            onSave={save}
            submitLabel="Save promotion"
          />
        </CardContent>
      </Card>
    </>
  );
}

function LoadedPromotion({ id }: { id: string }) {
  const query = useQuery({ queryKey: ['admin', 'promotion', id], queryFn: () => adminApi.promotion(id), retry: retryUnlessMissing });
  return (
    <QueryState
      query={query}
      what="the promotion"
      notFound={<RecordNotFound title="Promotion not found" backTo="/admin/promotions" backLabel="Back to promotions" />}
    >
      {({ promotion }) => <EditPromotion promotion={promotion} />}
    </QueryState>
  );
}

export default function PromotionPage() {
  const { id } = useParams();
  return id ? <LoadedPromotion key={id} id={id} /> : <NewPromotion />;
}
