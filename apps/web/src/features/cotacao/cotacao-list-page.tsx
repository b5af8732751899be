import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { useState } from 'react';
import { cotacaoRecurso, type Cotacao } from '@ceasa/shared';
import { ListaDoRecurso } from '../../components/resource-list/lista-do-recurso';
import { api } from '../../lib/api-client';
import { relerListas } from '../../lib/listas';
import { useToast } from '../../lib/toast';
import './cotacao.css';

const rotuloStatus = (ativo: boolean) => (ativo ? 'Ativa' : 'Nao Ativa');

/** Quotations ('Cotacoes'): the declaration's list, its active column a toggle that saves at once (docs/produto/telas.md, dados.md, validacao.md). */
export default function CotacaoListPage() {
  const toast = useToast();
  const qc = useQueryClient();
  const [alternando, setAlternando] = useState<number | null>(null);

  const alternar = async (c: Cotacao) => {
    setAlternando(c.id);
    try {
      const salvo = await api<Cotacao>('cotacao', { method: 'PUT', body: { id: c.id, pessoaId: c.pessoaId, ativo: !c.ativo } });
      toast.show('success', 'Status Atualizado', `A cotacao ${salvo.id} (${salvo.nome}) foi marcada como ${rotuloStatus(salvo.ativo)}`);
      await relerListas(qc, 'cotacao');
    } catch {
      toast.show('error', 'Erro ao Atualizar', 'Ocorreu um erro ao atualizar o status da cotacao.');
    } finally {
      setAlternando(null);
    }
  };

  return (
    <ListaDoRecurso<Cotacao>
      recurso={cotacaoRecurso}
      colunas={{
        ativo: {
          body: (c) => (
            <Button
              type="button"
              size="small"
              label={rotuloStatus(c.ativo)}
              icon={c.ativo ? 'pi pi-check-circle' : 'pi pi-times-circle'}
              className={`cotacao-status ${c.ativo ? 'cotacao-ativa' : 'cotacao-nao-ativa'}`}
              aria-pressed={c.ativo}
              aria-label={`Cotacao ${c.id}: ${rotuloStatus(c.ativo)} (clique para alternar)`}
              loading={alternando === c.id}
              disabled={alternando === c.id}
              onClick={() => void alternar(c)}
            />
          ),
        },
      }}
    />
  );
}
