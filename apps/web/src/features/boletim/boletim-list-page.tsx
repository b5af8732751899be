import { Button } from 'primereact/button';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { boletimRecurso, caminhoDeEdicao, formatDate, type Boletim, type BoletimLinha } from '@ceasa/shared';
import { ResourceList } from '../../components/resource-list/resource-list';
import { ApiError } from '../../lib/api-client';
import { useAuth } from '../../lib/auth';
import { useToast } from '../../lib/toast';
import { opcoesPessoas, useProdutores, useTecnicos } from '../../lib/opcoes-pessoa';
import { buscarSaldo, usePropriedadesOpcoes } from './api';
import { BoletimSaldo } from './boletim-saldo';

/** docs/produto/funcionamento.md: the print dialog opens 1 s after the click. */
const ATRASO_IMPRESSAO = 1000;

export default function BoletimListPage() {
  const produtores = useProdutores();
  const tecnicos = useTecnicos();
  const propriedades = usePropriedadesOpcoes();
  const toast = useToast();
  const navigate = useNavigate();
  // Who may only view opens a bulletin read-only (and from it its items' notebooks).
  const soVer = !useAuth().pode('boletim', 'editar');
  const [preparando, setPreparando] = useState<number | null>(null);
  const [saldo, setSaldo] = useState<Boletim | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const imprimirSaldo = async (b: BoletimLinha) => {
    clearTimeout(timer.current);
    setPreparando(b.id);
    try {
      const [dados] = await Promise.all([buscarSaldo(b.id), new Promise((r) => (timer.current = setTimeout(r, ATRASO_IMPRESSAO)))]);
      setSaldo(dados);
    } catch (err) {
      toast.show('error', 'Erro', (err as ApiError).message);
    } finally {
      setPreparando(null);
    }
  };

  return (
    <>
      <ResourceList<BoletimLinha>
        recurso={boletimRecurso}
        rotulo={(b) => `Boletim ${b.id}`}
        columns={[
          { field: 'id', header: 'Código', filter: 'text', style: { width: '7rem' } },
          { field: 'dataEmissao', header: 'Data Emissão', filter: 'date', body: (b) => formatDate(b.dataEmissao) },
          {
            field: 'produtor',
            header: 'Nome do Produtor',
            filter: { options: produtores.opcoes, placeholder: 'Todos' },
            body: (b) => b.produtorNome,
          },
          {
            field: 'propriedade',
            header: 'Nome da Propriedade',
            filter: { options: opcoesPessoas(propriedades.data), placeholder: 'Todas' },
            body: (b) => b.propriedadeNome,
          },
          { field: 'tecnico', header: 'Nome do Técnico', filter: { options: tecnicos.opcoes, placeholder: 'Todos' }, body: (b) => b.tecnicoNome },
          { field: 'dataVigencia', header: 'Vigência', filter: 'date', body: (b) => formatDate(b.dataVigencia) },
        ]}
        rowActions={(b) => (
          <>
            {soVer && (
              <Button
                icon="pi pi-eye"
                rounded
                text
                aria-label={`Visualizar Boletim ${b.id}`}
                tooltip="Visualizar"
                tooltipOptions={{ position: 'left' }}
                onClick={() => navigate(caminhoDeEdicao(boletimRecurso, b.id))}
              />
            )}
            <Button
              icon="pi pi-print"
              rounded
              text
              aria-label={`Imprimir saldo do boletim ${b.id}`}
              tooltip="Imprimir saldo"
              tooltipOptions={{ position: 'left' }}
              loading={preparando === b.id}
              aria-busy={preparando === b.id}
              onClick={() => void imprimirSaldo(b)}
            />
          </>
        )}
      />
      <BoletimSaldo boletim={saldo} onHide={() => setSaldo(null)} />
    </>
  );
}
