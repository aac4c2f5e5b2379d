import * as S from '@portal/contract/session/calls';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../app/api.ts';

/** Query options of the shell's own screens. */

/** The quick references; asked again after sign-in, since staff see internal rows too. */
export const quickRefsQuery = (loggedIn: boolean) =>
  queryOptions({
    queryKey: [S.quickRefs.path, loggedIn],
    queryFn: () =>
      call(S.quickRefs).then(
        (r) => (r.references as Array<{ ref_name: string; ref_value: string }>) ?? r.data,
      ),
  });
