// Every server call of the training module, one hook each (TanStack Query over the kit's
// `api` client). After a change the matrix is loaded again.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@plantdoc/kit';

const asList = (body) => (Array.isArray(body) ? body : []);
const failure = (what) => ({ failure: `Could not load ${what}` });

export const trainingKeys = {
  all: ['training'],
  matrix: ({ shift, cell, zone }) => ['training', 'matrix', shift, cell, zone],
  parts: ['training', 'parts'],
  operators: ['training', 'operators'],
};

export const matrixPath = ({ shift, cell, zone }) => `/api/training/matrix/shift/${shift}/cell/${cell}/zone/${zone}`;
export const exportPath = ({ shift, cell, zone }) => `/api/training/matrix/export/shift/${shift}/cell/${cell}/zone/${zone}`;

/** GET matrix/shift/{shift}/cell/{cell}/zone/{zone}: { partList, matrix }. */
export function useMatrix(scope) {
  return useQuery({
    queryKey: trainingKeys.matrix(scope),
    meta: failure('the training matrix'),
    queryFn: () => api.get(matrixPath(scope)).then((b) => ({ partList: asList(b?.partList), matrix: asList(b?.matrix) })),
  });
}

/** GET swp-list: the company's parts [{ _id, partNumber }]. */
export function usePartList() {
  return useQuery({
    queryKey: trainingKeys.parts,
    meta: failure('the parts'),
    queryFn: () => api.get('/api/training/swp-list').then(asList),
    staleTime: 60_000,
  });
}

/** GET operator-list: the company's operators [{ _id, opNo, fullName }]. */
export function useOperatorList() {
  return useQuery({
    queryKey: trainingKeys.operators,
    meta: failure('the operators'),
    queryFn: () => api.get('/api/training/operator-list').then(asList),
    staleTime: 60_000,
  });
}

function useChange(method, path, meta) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body) => (method === 'delete' ? api.delete(path, body) : api.post(path, body)),
    onSettled: () => qc.invalidateQueries({ queryKey: ['training', 'matrix'] }),
    meta,
  });
}

/** POST matrix/edit/block { blockId, squares }. */
export const useEditBlock = () => useChange('post', '/api/training/matrix/edit/block');
/** POST matrix/add/genesis-block: the first record of an empty matrix. */
export const useGenesis = () => useChange('post', '/api/training/matrix/add/genesis-block');
/** POST matrix/add/part (failures are logged: spec section 8). */
export const useAddPart = () => useChange('post', '/api/training/matrix/add/part', { failure: 'Could not add the part' });
/** POST matrix/add/op (failures are logged: spec section 8). */
export const useAddOp = () => useChange('post', '/api/training/matrix/add/op', { failure: 'Could not add the operator' });
/** DELETE matrix/delete/op { opId, shift, cell, zone }. */
export const useDeleteOp = () => useChange('delete', '/api/training/matrix/delete/op');
/** DELETE matrix/delete/part { partNumber, shift, cell, zone }. */
export const useDeletePart = () => useChange('delete', '/api/training/matrix/delete/part');
/** POST certs/op { opNumber, shift, cell, zone, certTargetOpHours }. */
export const useCertsOp = () => useChange('post', '/api/training/certs/op');
/** POST certs/part { partNumber, shift, cell, zone, certTargetPartHours }. */
export const useCertsPart = () => useChange('post', '/api/training/certs/part');
/** POST add { partNumber, part, squares, op }: the Add Training form. */
export const useAddTraining = () => useChange('post', '/api/training/add');
