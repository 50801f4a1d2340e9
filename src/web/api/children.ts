import { useMutation } from '@tanstack/react-query';
import type { Child, ChildStoreBody, ChildUpdateBody } from '@contract/api/children';
import { api } from './client';
import { patchProfile, refreshProfile } from './profile';

export type { Child } from '@contract/api/children';

// Children live inside the profile (docs/PRODUCT.md «Product rules»): every change is written into it, so the students list,
// the header and the child select see it at once.
function replaceChild(child: Child): void {
  patchProfile((profile) => ({
    ...profile,
    children: profile.children.some((c) => c.id === child.id)
      ? profile.children.map((c) => (c.id === child.id ? child : c))
      : [...profile.children, child],
  }));
}

export async function storeChild(body: ChildStoreBody): Promise<Child> {
  const response = await api.post<{ data: Child }>('profile/child/store', body, {
    handlesErrors: true,
  });
  return response.data.data;
}

export async function updateChild(body: ChildUpdateBody): Promise<Child> {
  const response = await api.post<{ data: Child }>('profile/child/update', body, {
    handlesErrors: true,
  });
  return response.data.data;
}

export async function deleteChild(id: number): Promise<number> {
  await api.post('profile/child/delete', { id });
  return id;
}

export function useStoreChild() {
  return useMutation({ mutationFn: storeChild, onSuccess: replaceChild });
}

export function useUpdateChild() {
  return useMutation({ mutationFn: updateChild, onSuccess: replaceChild });
}

export function useDeleteChild() {
  return useMutation({
    mutationFn: deleteChild,
    onSuccess: (id) => {
      patchProfile((profile) => ({
        ...profile,
        children: profile.children.filter((c) => c.id !== id),
      }));
      // The player status and free slots follow the family's children.
      void refreshProfile();
    },
  });
}
