// On /admin/shop-details: what the shop usually does when an item has run out at packing. It is
// preselected for every line at checkout (the customer may choose another), and a line ordered
// without a choice takes it.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { IF_UNAVAILABLE, IF_UNAVAILABLE_LABELS, type IfUnavailable } from '@/domain/line-choices';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent } from '@/web/components/ui/card';
import { toast } from '@/web/lib/toast';
import { adminApi } from '../admin-api';
import { SelectInput } from '../components/form-field';

export function IfUnavailableCard({ current }: { current: IfUnavailable }) {
  const queryClient = useQueryClient();
  const [choice, setChoice] = useState<IfUnavailable>(current);
  const save = useMutation({
    mutationFn: (ifUnavailable: IfUnavailable) => adminApi.saveIfUnavailableDefault({ ifUnavailable }),
    onSuccess: async ({ ifUnavailable }) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['admin', 'shop-details'] }),
        queryClient.invalidateQueries({ queryKey: ['content', 'shop-details'] }),
      ]);
      toast.success(`Checkout now suggests: ${IF_UNAVAILABLE_LABELS[ifUnavailable].toLowerCase()}.`);
    },
    onError: () => toast.error('The usual choice could not be saved. Please try again.'),
  });
  return (
    <Card className="mt-6 max-w-2xl">
      <CardContent>
        <form
          noValidate
          aria-label="If an item is unavailable"
          className="space-y-3"
          onSubmit={(e) => {
            e.preventDefault();
            save.mutate(choice);
          }}
        >
          <h2 className="text-lg font-semibold">If an item is unavailable</h2>
          <SelectInput
            id="shop-if-unavailable"
            label="What you usually do"
            hint="Chosen for every item at checkout; the customer can pick another for each item."
            value={choice}
            onChange={(e) => setChoice(e.target.value as IfUnavailable)}
          >
            {IF_UNAVAILABLE.map((c) => (
              <option key={c} value={c}>
                {IF_UNAVAILABLE_LABELS[c]}
              </option>
            ))}
          </SelectInput>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : 'Save usual choice'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
