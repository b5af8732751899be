import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { addLocale, locale, PrimeReactProvider } from 'primereact/api';
import type { ReactNode } from 'react';
import { BrowserRouter } from 'react-router';
import { AuthProvider } from '../lib/auth';
import { ToastProvider } from '../lib/toast';

addLocale('pt', ({
  firstDayOfWeek: 0,
  dayNames: ['domingo', 'segunda', 'terça', 'quarta', 'quinta', 'sexta', 'sábado'],
  dayNamesShort: ['dom', 'seg', 'ter', 'qua', 'qui', 'sex', 'sáb'],
  dayNamesMin: ['D', 'S', 'T', 'Q', 'Q', 'S', 'S'],
  monthNames: ['janeiro', 'fevereiro', 'março', 'abril', 'maio', 'junho', 'julho', 'agosto', 'setembro', 'outubro', 'novembro', 'dezembro'],
  monthNamesShort: ['jan', 'fev', 'mar', 'abr', 'mai', 'jun', 'jul', 'ago', 'set', 'out', 'nov', 'dez'],
  today: 'Hoje',
  clear: 'Limpar',
  weekHeader: 'Sem',
  dateFormat: 'dd/mm/yy',
  accept: 'Sim',
  reject: 'Não',
  choose: 'Escolher',
  upload: 'Enviar',
  cancel: 'Cancelar',
  emptyMessage: 'Nenhum registro encontrado',
  emptyFilterMessage: 'Nenhum registro encontrado',
  searchMessage: '{0} resultados disponíveis',
  selectionMessage: '{0} itens selecionados',
  emptySelectionMessage: 'Nenhum item selecionado',
  emptySearchMessage: 'Nenhum resultado encontrado',
  aria: {
    close: 'Fechar',
    prevPageLabel: 'Página anterior',
    nextPageLabel: 'Próxima página',
    firstPageLabel: 'Primeira página',
    lastPageLabel: 'Última página',
    pageLabel: 'Página {page}',
    rowsPerPageLabel: 'Linhas por página',
    jumpToPageDropdownLabel: 'Ir para a página',
    selectAll: 'Selecionar todos',
    unselectAll: 'Desmarcar todos',
    prevMonth: 'Mês anterior',
    nextMonth: 'Próximo mês',
    prevYear: 'Ano anterior',
    nextYear: 'Próximo ano',
    chooseDate: 'Escolher data',
  },
} as unknown) as Parameters<typeof addLocale>[1]);
locale('pt');

const queryClient = new QueryClient({ defaultOptions: { queries: { refetchOnWindowFocus: false, staleTime: 10_000 } } });

export function Providers({ children }: { children: ReactNode }) {
  return (
    <PrimeReactProvider
      value={{
        locale: 'pt',
        ripple: false,
        // Every Dropdown keeps a hidden, unlabelled <select> for forms: out of the accessibility tree
        // (the labelled combobox input is what assistive technology uses).
        pt: { dropdown: { select: { 'aria-hidden': true } } },
      }}
    >
      <QueryClientProvider client={queryClient}>
        <BrowserRouter>
          <ToastProvider>
            <AuthProvider>{children}</AuthProvider>
          </ToastProvider>
        </BrowserRouter>
      </QueryClientProvider>
    </PrimeReactProvider>
  );
}
