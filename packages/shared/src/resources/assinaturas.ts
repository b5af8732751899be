import { z } from 'zod';
import { pessoal } from '../privacidade';
import { decimalAte, referencia } from '../z';

/** Subscriptions to the day's quotation and price alerts by e-mail (decision 0196). */
export const ASSINATURA_MSG = {
  emailObrigatorio: 'O e-mail é obrigatório',
  emailInvalido: 'O e-mail inserido é inválido',
  produto: 'Escolha um produto da lista',
  produtoInexistente: 'Produto não encontrado',
  produtosDemais: 'Escolha no máximo 100 produtos',
  alertasDemais: 'Crie no máximo 20 alertas',
  limiteAlerta: 'Informe acima de ou abaixo de (ou os dois)',
  valorAlerta: 'O valor do alerta deve ser maior que zero',
  faixaAlerta: 'O valor de "abaixo de" deve ser menor que o de "acima de"',
  pedido: 'Enviamos um link de confirmação para o seu e-mail. A assinatura começa quando você abri-lo; até lá nada mais é enviado.',
  muitosDoEndereco: 'Muitos pedidos de assinatura deste endereço. Tente novamente mais tarde.',
  muitosDoEmail: 'Este e-mail já recebeu pedidos de confirmação demais hoje. Veja sua caixa de entrada (e o spam) ou tente amanhã.',
} as const;

const valorAlerta = z
  .number({ error: ASSINATURA_MSG.valorAlerta })
  .positive(ASSINATURA_MSG.valorAlerta)
  .max(9_999_999_999, ASSINATURA_MSG.valorAlerta)
  .refine(...decimalAte(2));

export const alertaEntrada = z
  .object({
    produtoId: referencia(ASSINATURA_MSG.produto),
    acima: valorAlerta.nullish(),
    abaixo: valorAlerta.nullish(),
  })
  .refine((a) => a.acima != null || a.abaixo != null, { message: ASSINATURA_MSG.limiteAlerta, path: ['acima'] })
  .refine((a) => a.acima == null || a.abaixo == null || a.abaixo < a.acima, { message: ASSINATURA_MSG.faixaAlerta, path: ['abaixo'] });
export type AlertaEntrada = z.infer<typeof alertaEntrada>;

/** POST publico/assinaturas. */
export const assinaturaEntrada = z.object({
  email: pessoal(
    'assinatura',
    z
      .string({ error: ASSINATURA_MSG.emailObrigatorio })
      .trim()
      .min(1, ASSINATURA_MSG.emailObrigatorio)
      .max(254, ASSINATURA_MSG.emailInvalido)
      .pipe(z.email(ASSINATURA_MSG.emailInvalido)),
  ),
  produtos: z.array(referencia(ASSINATURA_MSG.produto)).max(100, ASSINATURA_MSG.produtosDemais).optional(),
  alertas: z.array(alertaEntrada).max(20, ASSINATURA_MSG.alertasDemais).optional(),
});
export type AssinaturaEntrada = z.infer<typeof assinaturaEntrada>;

export const assinaturaPedido = z.object({ message: z.string() });

/** GET publico/assinaturas/produtos: the products one may subscribe to (active ones). */
export const produtoAssinavel = z.object({ id: z.number().int(), nome: z.string(), embalagem: z.string().nullable() });
export type ProdutoAssinavel = z.infer<typeof produtoAssinavel>;
