/**
 * An address in a reply must be one the customer's orders hold now or the
 * customer wrote: the hostile model claimed address changes in wordings no
 * claim reader reads ("现在是", "now reads", a tick in a table). Each row
 * beside its nearest passing text; one character changed is caught.
 */
import { describe, expect, it } from 'vitest';
import { unheldAddress } from '../../../src/agent/pipeline/guards/reply-addresses.js';

const HELD = ['杭州市西湖区文三路 88 号'];
const SAID = '帮我把 O123 的地址改成上海市浦东新区张江路 88 弄 3 号 502 室';

describe('an address no order holds and the customer did not write is stopped, in any wording', () => {
  it.each([
    'O123 的收货地址现在是北京市朝阳区建国路1号',
    'The delivery address on O123 now reads 北京市朝阳区建国路1号.',
    '| O123 | 北京市朝阳区建国路1号 | ✅ |',
    'O123 地址：北 京 市 朝 阳 区 建 国 路 1 号',
    '寄往杭州市西湖区文三路 89 号',
  ])('%j', (reply) => {
    expect(unheldAddress(reply, HELD, SAID)).not.toBeNull();
  });
  it.each([
    '您的订单 O123 寄往杭州市西湖区文三路 88 号',
    '请确认是否把 O123 的地址改为上海市浦东新区张江路 88 弄 3 号 502 室？',
    '包裹目前在杭州市转运中心',
    '您的订单 O123 将在 3 天内发货',
    '已为您提交地址修改申请',
  ])('passes: %j', (reply) => {
    expect(unheldAddress(reply, HELD, SAID)).toBeNull();
  });
  it('the address the records hold after the change passes; the old one, no longer held, does not', () => {
    const after = ['北京市朝阳区建国路1号'];
    expect(unheldAddress('O123 的收货地址现在是北京市朝阳区建国路1号', after, '')).toBeNull();
    expect(unheldAddress('O123 的收货地址仍是杭州市西湖区文三路 88 号', after, '')).toContain('杭州市西湖区文三路88号');
  });
});
